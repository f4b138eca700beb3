import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutableGraph } from '../../../domain/paths/route';
import { createRouteQueue, type RouteWorker, type Routes } from './route-queue';
import type { RouteRequestMessage, RouteResultMessage } from './route-worker';

const LARGE = 3;

/** A graph of `size` steps; `tag` makes graphs of the same size differ. */
function graph(size: number, tag = 0): RoutableGraph {
  const nodes = Array.from({ length: size }, (_, i) => ({ id: `s${i}`, position: { x: i * 100 + tag, y: 0 } }));
  return { nodes, edges: [] };
}

/** Routes named after the graph they were computed from, so a test can tell which graph an answer is for. */
const routesOf = (g: RoutableGraph): [string, { x: number; y: number }[]][] => [
  ['route', [{ x: g.nodes[0]!.position.x, y: g.nodes.length }]],
];

class FakeWorker implements RouteWorker {
  sent: RouteRequestMessage[] = [];
  onmessage: RouteWorker['onmessage'] = null;
  onerror: RouteWorker['onerror'] = null;
  postMessage(message: RouteRequestMessage) {
    this.sent.push(message);
  }
  /** Answers request `index` the way route-worker.ts does. */
  answer(index: number) {
    const { seq, graph: g } = this.sent[index]!;
    this.onmessage!({ data: { seq, routes: routesOf(g) } } as MessageEvent<RouteResultMessage>);
  }
  fail() {
    this.onerror!({} as ErrorEvent);
  }
}

let worker: FakeWorker;
let published: Routes[];
let firstView: (() => void) | null;
let deps: Parameters<typeof createRouteQueue>[0];

beforeEach(() => {
  worker = new FakeWorker();
  published = [];
  firstView = null;
  deps = {
    route: vi.fn((g: RoutableGraph) => routesOf(g)),
    publish: (routes) => published.push([...routes]),
    startWorker: vi.fn(() => worker),
    afterFirstView: (start) => (firstView = start),
    largeGraph: LARGE,
  };
});

/** A queue whose worker has started (the first view was drawn). */
function startedQueue() {
  const queue = createRouteQueue(deps);
  queue.request(graph(LARGE + 1));
  firstView!();
  return queue;
}

describe('route queue', () => {
  it('routes a small graph at once on the main thread, without a worker', () => {
    createRouteQueue(deps).request(graph(2));
    expect(published).toEqual([routesOf(graph(2))]);
    expect(deps.startWorker).not.toHaveBeenCalled();
  });

  it('does not route again a graph equal to the last one', () => {
    const queue = createRouteQueue(deps);
    queue.request(graph(2));
    queue.request(graph(2));
    expect(deps.route).toHaveBeenCalledTimes(1);
  });

  it('holds the first large graph until the first view is drawn, then sends only the latest to the worker', () => {
    const queue = createRouteQueue(deps);
    queue.request(graph(LARGE + 1, 1));
    queue.request(graph(LARGE + 1, 2));
    expect(deps.startWorker).not.toHaveBeenCalled();
    expect(published).toEqual([]);
    firstView!();
    expect(deps.startWorker).toHaveBeenCalledTimes(1);
    expect(worker.sent.map((m) => m.graph)).toEqual([graph(LARGE + 1, 2)]);
    worker.answer(0);
    expect(published).toEqual([routesOf(graph(LARGE + 1, 2))]);
  });

  it('keeps one request in flight; graphs asked for meanwhile collapse into the latest, and the stale answer is dropped', () => {
    const queue = startedQueue();
    queue.request(graph(LARGE + 1, 1));
    queue.request(graph(LARGE + 1, 2));
    expect(worker.sent).toHaveLength(1);
    worker.answer(0);
    expect(published).toEqual([]);
    expect(worker.sent.map((m) => m.graph)).toEqual([graph(LARGE + 1), graph(LARGE + 1, 2)]);
    worker.answer(1);
    expect(published).toEqual([routesOf(graph(LARGE + 1, 2))]);
  });

  it('cancels a large graph’s answer in flight when the graph turns small', () => {
    const queue = startedQueue();
    queue.request(graph(2));
    expect(published).toEqual([routesOf(graph(2))]);
    worker.answer(0);
    expect(published).toEqual([routesOf(graph(2))]);
    expect(worker.sent).toHaveLength(1);
  });

  it('routes on the main thread from then on when the worker fails', () => {
    const queue = startedQueue();
    worker.fail();
    expect(published).toEqual([routesOf(graph(LARGE + 1))]);
    queue.request(graph(LARGE + 1, 7));
    expect(published.at(-1)).toEqual(routesOf(graph(LARGE + 1, 7)));
    expect(worker.sent).toHaveLength(1);
    expect(deps.startWorker).toHaveBeenCalledTimes(1);
  });

  it('routes on the main thread when the page cannot start a worker', () => {
    deps.startWorker = () => null;
    const queue = createRouteQueue(deps);
    queue.request(graph(LARGE + 1));
    firstView!();
    expect(published).toEqual([routesOf(graph(LARGE + 1))]);
  });
});

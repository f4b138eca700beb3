import type { Point } from '../../../domain';
import { jsonEqual } from '../../../domain/paths';
import type { RoutableGraph } from '../../../domain/paths/route';
import type { RouteRequestMessage, RouteResultMessage } from './route-worker';

export type Routes = Iterable<[string, readonly Point[]]>;

/** The part of a Web Worker the queue uses (a fake one in tests). */
export interface RouteWorker {
  postMessage(message: RouteRequestMessage): void;
  onmessage: ((event: MessageEvent<RouteResultMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface RouteQueueDeps {
  /** Routes a graph on the main thread (small graphs, or no worker). */
  route: (graph: RoutableGraph) => Routes;
  /** Hands fresh routes to the canvas. */
  publish: (routes: Routes) => void;
  /** Starts the worker, or null when this page cannot run one. Called at most once. */
  startWorker: () => RouteWorker | null;
  /** Runs `start` once the page's first view is on screen. */
  afterFirstView: (start: () => void) => void;
  /** Above this many steps a graph is routed by the worker. */
  largeGraph: number;
}

/**
 * The routing requests of one canvas: a small graph is routed at once; a large one goes to the worker,
 * one request in flight at a time, graphs that settle meanwhile collapsing into the latest and answers
 * to a graph no longer current dropped. A graph equal to the last one asked for is not routed again.
 * The first large graph (and the worker's start) waits for the first view: routing a few hundred
 * connections takes a core for a good part of a second, the core the page needs to draw.
 */
export function createRouteQueue(deps: RouteQueueDeps): { request: (graph: RoutableGraph) => void } {
  let worker: RouteWorker | null | undefined;
  let seq = 0;
  let busy = false;
  let waiting = false;
  let pending: RoutableGraph | null = null;
  let latest: RoutableGraph | null = null;

  function ensureWorker(): RouteWorker | null {
    if (worker !== undefined) return worker;
    const started = deps.startWorker();
    if (started) {
      started.onmessage = (event) => {
        busy = false;
        if (event.data.seq === seq) deps.publish(event.data.routes);
        if (pending) send(started, pending);
      };
      started.onerror = () => {
        // The worker failed to load or crashed: route on the main thread from now on.
        worker = null;
        busy = false;
        if (latest) deps.publish(deps.route(latest));
      };
    }
    return (worker = started);
  }

  function send(to: RouteWorker, graph: RoutableGraph): void {
    pending = null;
    busy = true;
    to.postMessage({ seq: ++seq, graph });
  }

  function startAfterFirstView(): void {
    if (waiting) return;
    waiting = true;
    deps.afterFirstView(() => {
      waiting = false;
      ensureWorker();
      const graph = pending;
      latest = null; // asked for, not sent yet
      if (graph) request(graph);
    });
  }

  function request(graph: RoutableGraph): void {
    // Steps attached and measured in batches make new graphs that change nothing the router reads.
    if (latest && jsonEqual(latest, graph)) return;
    latest = graph;
    const large = graph.nodes.length > deps.largeGraph;
    if (large && worker === undefined) {
      pending = graph;
      return startAfterFirstView();
    }
    const to = large ? ensureWorker() : null;
    if (!to) {
      // A large graph's answer still in flight, or waiting to be asked, is stale.
      if (busy) seq++;
      pending = null;
      return deps.publish(deps.route(graph));
    }
    pending = graph;
    if (!busy) send(to, graph);
    else seq++; // the answer in flight is already stale
  }

  return { request };
}

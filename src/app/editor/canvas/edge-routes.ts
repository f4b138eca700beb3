import { getSmoothStepPath, type Position } from '@xyflow/react';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Point } from '../../../domain';
import { jsonEqual } from '../../../domain/paths';
import { routeGraph, type RoutableGraph } from '../../../domain/paths/route';
import { whenIdle } from '../../ui/idle';
import { LARGE_GRAPH } from './progressive';
import type { RouteRequestMessage, RouteResultMessage } from './route-worker';
import { sizedSteps, useEditorStore } from '../store';

/**
 * Connection routes around the steps (domain/paths/route.ts), computed from the steps' positions
 * and measured sizes whenever the graph settles (not on every drag frame: while a step moves, its
 * connections fall back to the plain step path, as in n8n). A large campaign's routing runs in a
 * Web Worker (route-worker.ts): until its answer arrives, connections are drawn as plain step paths. One
 * request is in flight at a time; graphs that settle meanwhile collapse into the latest. An
 * unchanged route keeps its array, so only the connections whose route changed re-render.
 */
export const useEdgeRoutes = create<{ routes: ReadonlyMap<string, readonly Point[]> }>(() => ({ routes: new Map() }));

const samePoints = (a: readonly Point[] | undefined, b: readonly Point[]) =>
  !!a && a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

function publish(fresh: Iterable<[string, readonly Point[]]>): void {
  const old = useEdgeRoutes.getState().routes;
  const routes = new Map<string, readonly Point[]>();
  for (const [id, points] of fresh) {
    const before = old.get(id);
    routes.set(id, before && samePoints(before, points) ? before : points);
  }
  useEdgeRoutes.setState({ routes });
}

/**
 * The worker and its queue: `busy` while a request is out, `pending` the latest graph asked for
 * meanwhile, `waiting` while the worker's start waits for the first view (startAfterFirstView).
 */
const router: {
  worker: Worker | null | undefined;
  seq: number;
  busy: boolean;
  waiting: boolean;
  pending: RoutableGraph | null;
  latest: RoutableGraph | null;
} = {
  worker: undefined,
  seq: 0,
  busy: false,
  waiting: false,
  pending: null,
  latest: null,
};

function routeWorker(): Worker | null {
  if (router.worker !== undefined) return router.worker;
  if (typeof Worker === 'undefined') return (router.worker = null);
  const worker = new Worker(new URL('./route-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<RouteResultMessage>) => {
    router.busy = false;
    if (event.data.seq === router.seq) publish(event.data.routes);
    if (router.pending) send(worker, router.pending);
  };
  worker.onerror = () => {
    // No worker (blocked or failed to load): route on the main thread from now on.
    router.worker = null;
    router.busy = false;
    if (router.latest) publish(routeGraph(router.latest));
  };
  return (router.worker = worker);
}

function send(worker: Worker, graph: RoutableGraph): void {
  router.pending = null;
  router.busy = true;
  worker.postMessage({ seq: ++router.seq, graph } satisfies RouteRequestMessage);
}

function requestRoutes(graph: RoutableGraph): void {
  // A large campaign's steps are attached and measured in batches, each a new graph for the store:
  // one that changes nothing the router reads (places, sizes, connections) does not route again.
  if (router.latest && jsonEqual(router.latest, graph)) return;
  router.latest = graph;
  const large = graph.nodes.length > LARGE_GRAPH;
  if (large && router.worker === undefined) {
    router.pending = graph;
    return startAfterFirstView();
  }
  const worker = large ? routeWorker() : null;
  if (!worker) {
    // A large graph's answer still in flight, or waiting to be asked, is stale.
    if (router.busy) router.seq++;
    router.pending = null;
    return publish(routeGraph(graph));
  }
  router.pending = graph;
  if (!router.busy) send(worker, graph);
  else router.seq++; // the answer in flight is already stale
}

/**
 * The page's first routing of a large campaign (and the worker's start) waits until its first view
 * is on screen: computing a few hundred routes takes a core for a good part of a second, and on a
 * small machine that core is the one the page needs to draw its first view. Meanwhile connections
 * are plain step paths (as while routing); graphs asked for meanwhile collapse into the latest.
 */
function startAfterFirstView(): void {
  if (router.waiting) return;
  router.waiting = true;
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      whenIdle(() => {
        router.waiting = false;
        routeWorker();
        const graph = router.pending;
        router.latest = null; // asked for, not sent yet
        if (graph) requestRoutes(graph);
      }),
    ),
  );
}

/** Keeps useEdgeRoutes in step with the editor's graph (mounted once, by the canvas). */
export function useRouteUpdates(): void {
  const nodes = useEditorStore((s) => s.nodes);
  const edges = useEditorStore((s) => s.edges);
  const dragging = useEditorStore((s) => s.dragging);
  useEffect(() => {
    if (dragging) return;
    requestRoutes({
      nodes: sizedSteps(nodes),
      edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null })),
    });
  }, [nodes, edges, dragging]);
}

/** An SVG path along orthogonal points with rounded corners. */
export function roundedPath(points: readonly Point[], radius = 10): string {
  if (points.length < 2) return '';
  let d = `M ${points[0]!.x} ${points[0]!.y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1]!, points[i]!, points[i + 1]!];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    const toward = (p: Point, q: Point, dist: number) => {
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      return { x: p.x + ((q.x - p.x) / len) * dist, y: p.y + ((q.y - p.y) / len) * dist };
    };
    const s = toward(b, a, r);
    const e = toward(b, c, r);
    d += ` L ${s.x} ${s.y} Q ${b.x} ${b.y} ${e.x} ${e.y}`;
  }
  const last = points.at(-1)!;
  return `${d} L ${last.x} ${last.y}`;
}

/** The point halfway along a polyline, and whether the piece it lies on is vertical. */
export function midpoint(points: readonly Point[]): { x: number; y: number; vertical: boolean } {
  const lengths = points.slice(1).map((p, i) => Math.abs(p.x - points[i]!.x) + Math.abs(p.y - points[i]!.y));
  let rest = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    if (rest <= lengths[i]! || i === lengths.length - 1) {
      const t = lengths[i] ? rest / lengths[i]! : 0;
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, vertical: a.x === b.x };
    }
    rest -= lengths[i]!;
  }
  return { x: points[0]?.x ?? 0, y: points[0]?.y ?? 0, vertical: true };
}

/**
 * The stored route adjusted to where React Flow draws the handles right now, or null when the
 * ends moved (a step is being dragged): the caller then draws the plain path.
 */
export function fitRoute(route: readonly Point[] | undefined, source: Point, target: Point): Point[] | null {
  if (!route || route.length < 2) return null;
  const first = route[0]!;
  const last = route.at(-1)!;
  // React Flow's handle points sit a few pixels outside the box (the handle's radius).
  const near = (p: Point, q: Point) => Math.abs(p.x - q.x) <= 3 && Math.abs(p.y - q.y) <= 10;
  if (!near(first, source) || !near(last, target)) return null;
  const points = route.map((p) => ({ ...p }));
  if (points[1]!.x === first.x) points[1]!.x = source.x;
  if (points.at(-2)!.x === last.x) points.at(-2)!.x = target.x;
  points[0] = { ...source };
  points[points.length - 1] = { ...target };
  return points;
}

/** Where a connection's ends are drawn and which side of the step each leaves from (React Flow's edge props). */
export interface EdgeEnds {
  sourceX: number;
  sourceY: number;
  targetX: number;
  targetY: number;
  sourcePosition: Position;
  targetPosition: Position;
}
/** A connection as drawn: its SVG path, the middle (for its marks and "+") and whether that piece is vertical. */
export interface EdgeShape {
  path: string;
  labelX: number;
  labelY: number;
  vertical: boolean;
}

/**
 * The one drawing of a connection: along its stored route when the route still fits its ends, else
 * the plain step path (a step is being dragged, or the route is not computed yet). The edge view and
 * the live drag (live-drag.ts) both draw with it, so a drag's last frame and the drop agree.
 */
export function edgeShape(route: readonly Point[] | undefined, ends: EdgeEnds): EdgeShape {
  const { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition } = ends;
  const fitted = fitRoute(route, { x: sourceX, y: sourceY }, { x: targetX, y: targetY });
  if (fitted) {
    const mid = midpoint(fitted);
    return { path: roundedPath(fitted), labelX: mid.x, labelY: mid.y, vertical: mid.vertical };
  }
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 10,
  });
  return { path, labelX, labelY, vertical: true };
}

/** The CSS transform that centres a connection's mark or "+" on a point. */
export const toolsTransform = (x: number, y: number) => `translate(-50%, -50%) translate(${x}px, ${y}px)`;

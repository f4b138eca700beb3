import { useEffect } from 'react';
import { create } from 'zustand';
import type { Point } from '../../../domain';
import { routeGraph } from '../../../domain/paths/route';
import { afterFirstView } from './first-view';
import { LARGE_GRAPH } from './progressive';
import { createRouteQueue, type RouteWorker, type Routes } from './route-queue';
import { sizedSteps, useEditorStore } from '../store';

/**
 * Connection routes around the steps (domain/paths/route.ts), computed from the steps' positions
 * and measured sizes whenever the graph settles (not on every drag frame: while a step moves, its
 * connections fall back to the plain step path, as in n8n). A large campaign's routing runs in a
 * Web Worker (route-worker.ts, queued by route-queue.ts): until its answer arrives, connections are
 * drawn as plain step paths. An unchanged route keeps its array, so only the connections whose route
 * changed re-render. Drawing a route is edge-geometry.ts.
 */
export const useEdgeRoutes = create<{ routes: ReadonlyMap<string, readonly Point[]> }>(() => ({ routes: new Map() }));

const samePoints = (a: readonly Point[] | undefined, b: readonly Point[]) =>
  !!a && a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

/** Replaces the routes, keeping the array of each route that did not change. */
function publishRoutes(fresh: Routes): void {
  const old = useEdgeRoutes.getState().routes;
  const routes = new Map<string, readonly Point[]>();
  for (const [id, points] of fresh) {
    const before = old.get(id);
    routes.set(id, before && samePoints(before, points) ? before : points);
  }
  useEdgeRoutes.setState({ routes });
}

const queue = createRouteQueue({
  route: routeGraph,
  publish: publishRoutes,
  largeGraph: LARGE_GRAPH,
  startWorker: (): RouteWorker | null =>
    typeof Worker === 'undefined' ? null : new Worker(new URL('./route-worker.ts', import.meta.url), { type: 'module' }),
  afterFirstView,
});

/** Keeps useEdgeRoutes in step with the editor's graph (mounted once, by the canvas). */
export function useRouteUpdates(): void {
  const nodes = useEditorStore((s) => s.nodes);
  const edges = useEditorStore((s) => s.edges);
  const dragging = useEditorStore((s) => s.dragging);
  useEffect(() => {
    if (dragging) return;
    queue.request({
      nodes: sizedSteps(nodes),
      edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null })),
    });
  }, [nodes, edges, dragging]);
}

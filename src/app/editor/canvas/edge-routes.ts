import { useEffect } from 'react';
import { create } from 'zustand';
import type { Point } from '../../../domain';
import { routeGraph } from '../../../domain/paths';
import { useEditorStore, type FlowNode } from '../store';

/**
 * Connection routes around the steps (domain/paths/route.ts), computed from the steps' positions
 * and measured sizes whenever the graph settles (not on every drag frame: while a step moves, its
 * connections fall back to the plain step path, as in n8n). An unchanged route keeps its array, so
 * only the connections whose route changed re-render.
 */
export const useEdgeRoutes = create<{ routes: ReadonlyMap<string, readonly Point[]> }>(() => ({ routes: new Map() }));

const sizeOf = (n: FlowNode) =>
  n.measured?.width && n.measured.height ? { width: n.measured.width, height: n.measured.height } : undefined;
const samePoints = (a: readonly Point[] | undefined, b: readonly Point[]) =>
  !!a && a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

/** Keeps useEdgeRoutes in step with the editor's graph (mounted once, by the canvas). */
export function useRouteUpdates(): void {
  const nodes = useEditorStore((s) => s.nodes);
  const edges = useEditorStore((s) => s.edges);
  const dragging = useEditorStore((s) => s.dragging);
  useEffect(() => {
    if (dragging) return;
    const fresh = routeGraph({
      nodes: nodes.map((n) => ({ id: n.id, type: n.type, position: n.position, size: sizeOf(n) })),
      edges,
    });
    const old = useEdgeRoutes.getState().routes;
    const routes = new Map<string, readonly Point[]>();
    for (const [id, points] of fresh) {
      const before = old.get(id);
      routes.set(id, before && samePoints(before, points) ? before : points);
    }
    useEdgeRoutes.setState({ routes });
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

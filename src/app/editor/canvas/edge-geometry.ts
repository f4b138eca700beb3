import { getSmoothStepPath, type Position } from '@xyflow/react';
import type { Point } from '../../../domain';

/**
 * How a connection is drawn from its route: pure geometry (points in, SVG path and label place out),
 * shared by the edge view, the live drag and the pending steps.
 */

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

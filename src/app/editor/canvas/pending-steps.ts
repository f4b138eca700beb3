import { Position } from '@xyflow/react';
import { nodeDefinition, type NodeCategory, type Severity, type Violation } from '../../../domain';
import { boxesOf, inputPoint, outputPoint, type RoutableGraph } from '../../../domain/paths/route';
import { worstSeverity } from '../store';
import { categoryToken } from '../nodes/presentation';
import { edgeShape } from './edge-geometry';
import { viewportContext } from './viewport-canvas';

/** A step as the pending layer draws it (at its nominal size: as a far step is drawn). */
export interface PendingStep {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The catalog category (its colour bar), null for an unknown type. */
  category: NodeCategory | null;
  severity: Severity | null;
}

/** A connection as the pending layer draws it: the plain step path it has until its route is known. */
export interface PendingConnection {
  source: string;
  target: string;
  path: string;
}

/**
 * The whole graph as the pending layer draws it: every step, and every connection along the same
 * plain step path React Flow draws until the connection's route is known (edgeShape). What React
 * Flow already draws is skipped when painting (paintPending).
 */
export function pendingPicture(
  graph: RoutableGraph,
  violations: ReadonlyMap<string, readonly Violation[]>,
): { steps: PendingStep[]; connections: PendingConnection[] } {
  const types = new Map(graph.nodes.map((n) => [n.id, n.type]));
  const boxes = new Map(boxesOf(graph).map((b) => [b.id, b]));
  const steps = [...boxes.values()].map((box) => ({
    ...box,
    category: nodeDefinition(types.get(box.id))?.category ?? null,
    severity: worstSeverity(violations.get(box.id) ?? []),
  }));
  const connections: PendingConnection[] = [];
  for (const e of graph.edges) {
    const s = boxes.get(e.source);
    const t = boxes.get(e.target);
    if (!s || !t) continue;
    const from = outputPoint(s, types.get(e.source), e.sourceHandle);
    const to = inputPoint(t);
    const ends = { sourceX: from.x, sourceY: from.y, targetX: to.x, targetY: to.y };
    const { path } = edgeShape(undefined, { ...ends, sourcePosition: Position.Bottom, targetPosition: Position.Top });
    connections.push({ source: e.source, target: e.target, path });
  }
  return { steps, connections };
}

/** What React Flow does not draw yet: the steps not attached, and the connections with an end among them. */
export function pendingParts(
  picture: { steps: readonly PendingStep[]; connections: readonly PendingConnection[] },
  attached: ReadonlySet<string>,
): { steps: PendingStep[]; connections: PendingConnection[] } {
  return {
    steps: picture.steps.filter((s) => !attached.has(s.id)),
    connections: picture.connections.filter((c) => !attached.has(c.source) || !attached.has(c.target)),
  };
}

/** The page's colours the layer paints with, read from the canvas's CSS variables (both themes). */
function palette(el: Element) {
  const style = getComputedStyle(el);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return {
    surface: v('--surface'),
    border: v('--border-strong'),
    error: v('--error'),
    warning: v('--warning'),
    category: (c: NodeCategory | null) => v(categoryToken(c)),
  };
}

/**
 * Paints `parts` on `canvas` (sized to the pane) at React Flow's viewport transform [x, y, zoom].
 * `strokes` keeps the connections' parsed path (all of them in one) between paints of the same parts.
 */
export function paintPending(
  canvas: HTMLCanvasElement,
  parts: { steps: readonly PendingStep[]; connections: readonly PendingConnection[] },
  transform: readonly [number, number, number],
  size: { width: number; height: number },
  strokes: WeakMap<readonly PendingConnection[], Path2D>,
): void {
  const ctx = viewportContext(canvas, size, transform);
  if (!ctx) return;
  const colors = palette(canvas);
  // As .wf-edge and .wf-node draw them (editor.css): 2 px connections, a 1 px border, a 4 px colour bar.
  ctx.strokeStyle = colors.border;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  // One path of every connection, one stroke: they share a look.
  let stroke = strokes.get(parts.connections);
  if (!stroke) strokes.set(parts.connections, (stroke = new Path2D(parts.connections.map((c) => c.path).join(' '))));
  ctx.stroke(stroke);
  for (const s of parts.steps) {
    ctx.fillStyle = colors.surface;
    ctx.fillRect(s.x, s.y, s.width, s.height);
    ctx.strokeStyle = s.severity ? colors[s.severity] : colors.border;
    ctx.lineWidth = s.severity ? 3 : 1;
    ctx.strokeRect(s.x, s.y, s.width, s.height);
    ctx.fillStyle = colors.category(s.category);
    ctx.fillRect(s.x, s.y, 4, s.height);
  }
}

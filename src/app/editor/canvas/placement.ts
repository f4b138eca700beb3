import {
  CATALOG,
  canConnect,
  countProblems,
  NODE_GAP,
  nominalSize,
  nodeRole,
  validateWorkflow,
  type NodeType,
  type Point,
  type Size,
  type ValidationContext,
  type WorkflowDefinition,
} from '../../../domain';
import { belowOutput } from '../../../domain/paths/route';

/**
 * The one placement rule for a new step, wherever it comes from (palette click or drop, Enter in its
 * search, the step menu): a click-added step goes below the selected step's free output, wired only
 * where the domain allows it and no new rule breaks, preferring the output a marketer means when
 * continuing a flow; a dropped step goes where it was dropped. Never on top of another step.
 */

/** Outputs a follow-up usually continues from, in order of preference (then the rest, in catalog order). */
const FOLLOW_UP_OUTPUTS = ['no_reply', 'no_response', 'qualified', 'accepted'];

export interface PlacedStep {
  id: string;
  type?: string;
  position: Point;
  size?: Size;
}
export interface Placement {
  position: Point;
  /** The output the new step is connected from, when one is valid. */
  link: { source: string; sourceHandle: string | null } | null;
}

const boxOf = (n: PlacedStep) => ({ ...n.position, ...(n.size ?? nominalSize(n.type)) });

/** True when a step of `size` at `p` (with a gap around it) overlaps none of `steps`. */
function isFree(steps: readonly PlacedStep[], p: Point, size: Size): boolean {
  const gap = 16;
  return steps.every((n) => {
    const b = boxOf(n);
    return p.x >= b.x + b.width + gap || p.x + size.width + gap <= b.x || p.y >= b.y + b.height + gap || p.y + size.height + gap <= b.y;
  });
}

/** The nearest spot to `wanted` where a new step overlaps nothing (searched on a half-column grid, downwards and sideways). */
export function nearestFreeSpot(steps: readonly PlacedStep[], wanted: Point, size: Size): Point {
  const dx = (size.width + NODE_GAP.x) / 2;
  const dy = (size.height + NODE_GAP.y) / 2;
  const candidates: { p: Point; d: number }[] = [];
  for (let row = 0; row <= 12; row++)
    for (let col = -8; col <= 8; col++)
      candidates.push({ p: { x: wanted.x + col * dx, y: wanted.y + row * dy }, d: Math.abs(col) * dx + row * dy });
  candidates.sort((a, b) => a.d - b.d);
  const spot = candidates.find((c) => isFree(steps, c.p, size))?.p;
  // A crowded neighbourhood: below everything.
  const bottom = Math.max(...steps.map((n) => boxOf(n).y + boxOf(n).height), wanted.y);
  return roundPoint(spot ?? { x: wanted.x, y: bottom + NODE_GAP.y });
}

const roundPoint = (p: Point): Point => ({ x: Math.round(p.x), y: Math.round(p.y) });

/**
 * How far a pasted or duplicated group moves from where it was copied: its top-left goes to the free
 * spot nearest `wanted` (by default just right of the copied steps), so it overlaps no step, the
 * originals included.
 */
export function pasteOffset(steps: readonly PlacedStep[], group: readonly PlacedStep[], wanted?: Point): Point {
  const boxes = group.map(boxOf);
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const size = { width: Math.max(...boxes.map((b) => b.x + b.width)) - left, height: Math.max(...boxes.map((b) => b.y + b.height)) - top };
  const spot = nearestFreeSpot(steps, wanted ?? { x: left + size.width + NODE_GAP.x, y: top }, size);
  return { x: spot.x - left, y: spot.y - top };
}

/**
 * Where a step put down at `point` goes: dragged from the palette the pointer holds its body (a third
 * of the way down); from a dropped connection `point` is its input. Nudged off any step there.
 */
export function placeDropped(steps: readonly PlacedStep[], type: NodeType, point: Point, held: 'body' | 'input'): Point {
  const size = nominalSize(type);
  const wanted = { x: point.x - size.width / 2, y: held === 'body' ? point.y - size.height / 3 : point.y };
  return nearestFreeSpot(steps, wanted, size);
}

/** Where the End a new step's reply output is wired to goes: right under that output, on free ground. */
export function placeUnderOutput(steps: readonly PlacedStep[], from: PlacedStep, handle: string | null, type: NodeType): Point {
  const size = nominalSize(type);
  const input = belowOutput({ id: from.id, ...boxOf(from) }, from.type, handle);
  return nearestFreeSpot(steps, { x: input.x - size.width / 2, y: input.y }, size);
}

/** Free outputs of a step, the ones a follow-up continues from first. */
function candidateOutputs(def: WorkflowDefinition, source: { id: string; type?: string }): (string | null)[] {
  const outputs = CATALOG[source.type as NodeType]?.outputs;
  if (!outputs || outputs.kind === 'none') return [];
  const used = new Set(def.edges.filter((e) => e.source === source.id).map((e) => e.sourceHandle ?? null));
  const all = outputs.kind === 'single' ? [null] : outputs.handles.map((h) => h.name);
  const rank = (h: string | null) => (h && FOLLOW_UP_OUTPUTS.includes(h) ? FOLLOW_UP_OUTPUTS.indexOf(h) : FOLLOW_UP_OUTPUTS.length);
  return all.filter((h) => !used.has(h)).sort((a, b) => rank(a) - rank(b));
}

const errorCount = (def: WorkflowDefinition, context: ValidationContext | undefined) =>
  countProblems(validateWorkflow(def, context)).errors;

/** The id the new step is given while its wiring is judged (never stored). */
const PROVISIONAL_ID = '__new_step__';

const withNewStep = (def: WorkflowDefinition, type: NodeType): WorkflowDefinition => ({
  ...def,
  nodes: [...def.nodes, { id: PROVISIONAL_ID, type, position: { x: 0, y: 0 }, data: CATALOG[type].defaults() }],
});

/** Whether a new step of `type` may hang from `source`'s output `handle` (the connect-time guard's verdict). */
export function canLinkNewStep(def: WorkflowDefinition, source: string, handle: string | null, type: NodeType) {
  return canConnect(withNewStep(def, type), { source, sourceHandle: handle, target: PROVISIONAL_ID });
}

/**
 * The output of `anchor` a new step of `type` should hang from: the first candidate that the
 * connect-time guard accepts and that breaks no more rules than leaving the step unconnected.
 */
export function chooseOutput(
  def: WorkflowDefinition,
  anchor: { id: string; type?: string },
  type: NodeType,
  context?: ValidationContext,
): string | null | undefined {
  if (nodeRole(type) === 'start') return undefined;
  const withNode = withNewStep(def, type);
  const unconnected = errorCount(withNode, context);
  for (const handle of candidateOutputs(def, anchor)) {
    if (!canConnect(withNode, { source: anchor.id, sourceHandle: handle, target: PROVISIONAL_ID }).ok) continue;
    const edge = { id: '__new_edge__', source: anchor.id, target: PROVISIONAL_ID, ...(handle ? { sourceHandle: handle } : {}) };
    if (errorCount({ ...withNode, edges: [...withNode.edges, edge] }, context) <= unconnected) return handle;
  }
  return undefined;
}

/**
 * Where a click-added step goes. With a selected step: under its chosen (or first free) output,
 * connected when valid. Otherwise: the visible centre of the canvas. Never on another step.
 */
export function placeClickAdded(args: {
  def: WorkflowDefinition;
  steps: readonly PlacedStep[];
  type: NodeType;
  anchorId: string | null;
  visibleCentre: Point;
  context?: ValidationContext;
}): Placement {
  const size = nominalSize(args.type);
  const anchor = args.anchorId ? args.steps.find((n) => n.id === args.anchorId) : undefined;
  if (anchor) {
    const handle = chooseOutput(args.def, anchor, args.type, args.context);
    const under = handle !== undefined ? handle : candidateOutputs(args.def, anchor)[0];
    if (under !== undefined) {
      const input = belowOutput({ id: anchor.id, ...boxOf(anchor) }, anchor.type, under);
      const wanted = { x: input.x - size.width / 2, y: input.y };
      return {
        position: nearestFreeSpot(args.steps, wanted, size),
        link: handle !== undefined ? { source: anchor.id, sourceHandle: handle } : null,
      };
    }
  }
  const wanted = { x: args.visibleCentre.x - size.width / 2, y: args.visibleCentre.y - size.height / 2 };
  return { position: nearestFreeSpot(args.steps, wanted, size), link: null };
}

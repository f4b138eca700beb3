import { applyNodeChanges, type NodeChange } from '@xyflow/react';
import type { CanvasGraph } from './convert';
import type { FlowNode } from './types';

/**
 * React Flow's node changes, applied in O(changed) when they move, select or measure existing
 * nodes (every drag frame): the array is copied (one memcpy) and only the changed nodes are
 * replaced, found through an id → index map that survives such changes (they keep the order).
 * Adds, removes and replaces fall back to applyNodeChanges.
 */
let indexCache: { nodes: readonly FlowNode[]; index: Map<string, number> } | null = null;

function indexOf(nodes: readonly FlowNode[]): Map<string, number> {
  if (indexCache?.nodes === nodes) return indexCache.index;
  const index = new Map<string, number>();
  nodes.forEach((n, i) => index.set(n.id, i));
  indexCache = { nodes, index };
  return index;
}

const IN_PLACE = new Set<NodeChange['type']>(['position', 'select', 'dimensions']);

export function applyNodeChangesFast(changes: NodeChange<FlowNode>[], nodes: FlowNode[]): FlowNode[] {
  if (!changes.every((c) => IN_PLACE.has(c.type))) return applyNodeChanges(changes, nodes);
  const index = indexOf(nodes);
  const byId = new Map<string, NodeChange<FlowNode>[]>();
  for (const c of changes) {
    const id = (c as { id: string }).id;
    if (!index.has(id)) continue;
    const list = byId.get(id);
    if (list) list.push(c);
    else byId.set(id, [c]);
  }
  if (byId.size === 0) return nodes;
  const next = nodes.slice();
  for (const [id, list] of byId) {
    const i = index.get(id)!;
    next[i] = applyNodeChanges(list, [nodes[i]!])[0]!;
  }
  indexCache = { nodes: next, index };
  return next;
}

/** True when a change can alter the selection (select, add, remove, replace). */
export const touchesSelection = (changes: readonly NodeChange<FlowNode>[]): boolean =>
  changes.some((c) => c.type !== 'position' && c.type !== 'dimensions');

/**
 * True when `next` differs from `prev` only in node positions (or React Flow's own props such as
 * selection and measurements): the validator's input, and so its result, is the same. Positions
 * take no part in any rule, and nodes keep their order (violation paths index it).
 */
export function sameValidationInput(prev: CanvasGraph, next: CanvasGraph): boolean {
  if (prev.edges !== next.edges || prev.nodeExtras !== next.nodeExtras || prev.edgeExtras !== next.edgeExtras) return false;
  if (prev.nodes === next.nodes) return true;
  if (prev.nodes.length !== next.nodes.length) return false;
  for (let i = 0; i < next.nodes.length; i++) {
    const a = prev.nodes[i]!;
    const b = next.nodes[i]!;
    if (a !== b && (a.id !== b.id || a.type !== b.type || a.data !== b.data)) return false;
  }
  return true;
}

/** What a batch of node changes is to the history: its undo step's label (null: none), and where a drag stands. */
export interface NodeChangesKind {
  readonly label: string | null;
  /** Arrow-key moves coalesce into one undo step. */
  readonly coalesceKey: string | undefined;
  /** A drag is under way after these changes. */
  readonly dragging: boolean;
  /** These changes end a drag (its drop). */
  readonly endsDrag: boolean;
}

/**
 * Names the undo step of `changes`: the first frame of a drag names it ("Move step(s)") and later
 * frames none; a keyboard move coalesces; adds, removes and replaces are "Change steps". Null when
 * a read-only canvas gets a move (nothing applies).
 */
export function nodeChangesKind(changes: readonly NodeChange<FlowNode>[], wasDragging: boolean, readOnly: boolean): NodeChangesKind | null {
  let label: string | null = null;
  let coalesceKey: string | undefined;
  let dragging = wasDragging;
  let endsDrag = false;
  for (const c of changes) {
    if (c.type === 'position') {
      if (readOnly) return null;
      if (c.dragging) {
        if (!dragging) label = changes.filter((x) => x.type === 'position').length > 1 ? 'Move steps' : 'Move step';
        dragging = true;
      } else if (dragging) endsDrag = true;
      else {
        label = 'Move step';
        coalesceKey = 'keyboard-move';
      }
    } else if (c.type === 'remove' || c.type === 'add' || c.type === 'replace') {
      label = 'Change steps';
    }
  }
  return { label, coalesceKey, dragging, endsDrag };
}

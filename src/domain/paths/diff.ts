import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../workflow-types';

/**
 * Graph diff by id: which nodes and edges were added, removed or changed between two
 * definitions, and what changed on each. The one diff of the app: the version history ("what
 * differs from the canvas"), draft recovery ("does the draft differ?") and the three-way merge of
 * a stale edit (`merge.ts`: what each side changed since the base) all read it.
 */

export type NodeChange = 'type' | 'position' | 'data' | 'extra';
export type EdgeChange = 'source' | 'target' | 'handle' | 'extra';

export interface ChangedNode {
  id: string;
  before: WorkflowNode;
  after: WorkflowNode;
  changes: NodeChange[];
  /** Data keys whose values differ (added, removed or changed), sorted. */
  dataKeys: string[];
  /** Extra properties (beyond id/type/position/data) whose values differ, sorted. */
  extraKeys: string[];
}

export interface ChangedEdge {
  id: string;
  before: WorkflowEdge;
  after: WorkflowEdge;
  changes: EdgeChange[];
}

export interface GraphDiff {
  nodes: { added: WorkflowNode[]; removed: WorkflowNode[]; changed: ChangedNode[] };
  edges: { added: WorkflowEdge[]; removed: WorkflowEdge[]; changed: ChangedEdge[] };
  /** True when nothing differs. */
  same: boolean;
}

/** Structural equality of JSON values (key order ignored; undefined properties count as absent). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => jsonEqual(v, other[i]));
  }
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every(
      (k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

const NODE_KEYS = new Set(['id', 'type', 'position', 'data']);
const EDGE_KEYS = new Set(['id', 'source', 'target', 'sourceHandle']);

/** Properties beyond the spec's own (spec 2.3/2.4 allow extras and we keep them verbatim). */
export function nodeExtras(node: WorkflowNode): Record<string, unknown> {
  return extras(node, NODE_KEYS);
}
function extras(value: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !known.has(k)));
}

function changedKeys(before: unknown, after: unknown): string[] {
  const a = (typeof before === 'object' && before !== null ? before : {}) as Record<string, unknown>;
  const b = (typeof after === 'object' && after !== null ? after : {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !jsonEqual(a[k], b[k])).sort();
}

/** What differs between two versions of one node; undefined when nothing does. */
export function compareNodes(before: WorkflowNode, after: WorkflowNode): ChangedNode | undefined {
  const changes: NodeChange[] = [];
  if (before.type !== after.type) changes.push('type');
  if (!jsonEqual(before.position, after.position)) changes.push('position');
  const dataKeys = changedKeys(before.data, after.data);
  if (dataKeys.length > 0) changes.push('data');
  const extraKeys = changedKeys(nodeExtras(before), nodeExtras(after));
  if (extraKeys.length > 0) changes.push('extra');
  return changes.length > 0 ? { id: after.id, before, after, changes, dataKeys, extraKeys } : undefined;
}

/** What differs between two versions of one edge; undefined when nothing does. */
export function compareEdges(before: WorkflowEdge, after: WorkflowEdge): ChangedEdge | undefined {
  const changes: EdgeChange[] = [];
  if (before.source !== after.source) changes.push('source');
  if (before.target !== after.target) changes.push('target');
  // null and absent are the same handle (React Flow writes null).
  if ((before.sourceHandle ?? null) !== (after.sourceHandle ?? null)) changes.push('handle');
  if (!jsonEqual(extras(before, EDGE_KEYS), extras(after, EDGE_KEYS))) changes.push('extra');
  return changes.length > 0 ? { id: after.id, before, after, changes } : undefined;
}

/** Items by id; the first of a duplicated id wins (the validator reports duplicates). */
function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(item.id)) map.set(item.id, item);
  return map;
}

function diffLists<T extends { id: string }, C>(before: readonly T[], after: readonly T[], compare: (a: T, b: T) => C | undefined) {
  const old = byId(before);
  const now = byId(after);
  const added = [...now.values()].filter((item) => !old.has(item.id));
  const removed = [...old.values()].filter((item) => !now.has(item.id));
  const changed: C[] = [];
  for (const [id, item] of now) {
    const previous = old.get(id);
    const change = previous ? compare(previous, item) : undefined;
    if (change) changed.push(change);
  }
  return { added, removed, changed };
}

/** What changed from `before` to `after`, by node and edge id. */
export function diffGraphs(before: WorkflowDefinition, after: WorkflowDefinition): GraphDiff {
  const nodes = diffLists(before.nodes ?? [], after.nodes ?? [], compareNodes);
  const edges = diffLists(before.edges ?? [], after.edges ?? [], compareEdges);
  const same = [nodes.added, nodes.removed, nodes.changed, edges.added, edges.removed, edges.changed].every((l) => l.length === 0);
  return { nodes, edges, same };
}

/** "2 steps added, 1 removed, 3 changed; 2 connections added": one line for lists and dialogs. */
export function describeDiff(diff: GraphDiff, options: { ignorePositions?: boolean } = {}): string {
  const changedNodes = options.ignorePositions
    ? diff.nodes.changed.filter((c) => c.changes.some((k) => k !== 'position'))
    : diff.nodes.changed;
  const part = (noun: string, added: number, removed: number, changed: number): string | undefined => {
    const bits = [added && `${added} added`, removed && `${removed} removed`, changed && `${changed} changed`].filter(Boolean);
    return bits.length > 0 ? `${noun}: ${bits.join(', ')}` : undefined;
  };
  const parts = [
    part('Steps', diff.nodes.added.length, diff.nodes.removed.length, changedNodes.length),
    part('Connections', diff.edges.added.length, diff.edges.removed.length, diff.edges.changed.length),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'No differences';
}

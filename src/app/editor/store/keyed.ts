import { useCallback, useSyncExternalStore } from 'react';
import type { Violation } from '../../../domain';
import { editorStore, type EditorState } from './editor-store';
import type { Highlight } from './types';
import { EMPTY_VIOLATIONS } from './validation';

/**
 * Per-element subscriptions for the canvas. A plain zustand selector per node and edge means every
 * store update (each drag frame, each keystroke) runs ~4 selectors for each of the 1500 elements
 * of a large campaign. Here one store listener compares the few fields the elements read and
 * notifies only the elements whose value changed: O(changed violations + highlighted ids).
 */
type Listener = () => void;
type Registry = Map<string, Set<Listener>>;

const nodes: Registry = new Map();
const edges: Registry = new Map();
/** Listeners of values every element reads (read-only flag, unknown-type names): rarely change. */
const shared = new Set<Listener>();

function add(registry: Registry, id: string, listener: Listener): () => void {
  let set = registry.get(id);
  if (!set) registry.set(id, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && registry.get(id) === set) registry.delete(id);
  };
}

function notify(registry: Registry, id: string): void {
  const set = registry.get(id);
  if (set) for (const listener of [...set]) listener();
}

/** Notifies the ids whose list differs (lists are reused when unchanged, see validation.ts). */
function notifyChangedLists(
  registry: Registry,
  before: ReadonlyMap<string, readonly Violation[]>,
  after: ReadonlyMap<string, readonly Violation[]>,
): void {
  if (before === after || registry.size === 0) return;
  for (const [id, list] of after) if (before.get(id) !== list) notify(registry, id);
  for (const id of before.keys()) if (!after.has(id)) notify(registry, id);
}

function notifyHighlight(
  registry: Registry,
  before: Highlight | null,
  after: Highlight | null,
  pick: (h: Highlight) => ReadonlySet<string>,
): void {
  if (registry.size === 0) return;
  const ids = new Set<string>();
  if (before) for (const id of pick(before)) ids.add(id);
  if (after) for (const id of pick(after)) ids.add(id);
  for (const id of ids) notify(registry, id);
}

function onStoreChange(s: EditorState, prev: EditorState): void {
  if (s.validation.byNode !== prev.validation.byNode) notifyChangedLists(nodes, prev.validation.byNode, s.validation.byNode);
  if (s.validation.byEdge !== prev.validation.byEdge) notifyChangedLists(edges, prev.validation.byEdge, s.validation.byEdge);
  if (s.highlight !== prev.highlight) {
    notifyHighlight(nodes, prev.highlight, s.highlight, (h) => h.nodeIds);
    notifyHighlight(edges, prev.highlight, s.highlight, (h) => h.edgeIds);
  }
  if (s.readOnly !== prev.readOnly || s.nodeExtras !== prev.nodeExtras) for (const listener of [...shared]) listener();
}

let attached = false;
function attach(): void {
  if (attached) return;
  attached = true;
  editorStore.subscribe(onStoreChange);
}

const subscribeShared = (listener: Listener) => {
  attach();
  shared.add(listener);
  return () => void shared.delete(listener);
};

function useKeyed<T>(registry: Registry, id: string, read: (s: EditorState) => T): T {
  const subscribe = useCallback(
    (listener: Listener) => {
      attach();
      return add(registry, id, listener);
    },
    [registry, id],
  );
  return useSyncExternalStore(subscribe, () => read(editorStore.getState()));
}

/** Violations pinned on one node: the same array until they change, so a node does not re-render. */
export const useNodeViolations = (nodeId: string): readonly Violation[] =>
  useKeyed(nodes, nodeId, (s) => s.validation.byNode.get(nodeId) ?? EMPTY_VIOLATIONS);

export const useEdgeViolations = (edgeId: string): readonly Violation[] =>
  useKeyed(edges, edgeId, (s) => s.validation.byEdge.get(edgeId) ?? EMPTY_VIOLATIONS);

/** The tone a power feature painted on this node, or null. */
export const useNodeHighlight = (nodeId: string) =>
  useKeyed(nodes, nodeId, (s) => (s.highlight?.nodeIds.has(nodeId) ? s.highlight.tone : null));
export const useEdgeHighlight = (edgeId: string) =>
  useKeyed(edges, edgeId, (s) => (s.highlight?.edgeIds.has(edgeId) ? s.highlight.tone : null));

/** A value of the store every canvas element reads but that changes rarely (read-only, extras): one listener for all. */
export function useSharedCanvasValue<T>(read: (s: EditorState) => T): T {
  return useSyncExternalStore(subscribeShared, () => read(editorStore.getState()));
}

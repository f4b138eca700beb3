/**
 * The editor's one store: the canvas graph, selection, dirty flag, the `updated_at` the edit is
 * based on, read-only state, named undo/redo history and the live violations.
 *
 * PUBLIC API (stable; for editor/power/** — import from 'src/app/editor/store'):
 *
 *   useEditorStore(selector)            zustand hook; read the fields below with the smallest selector.
 *   editorStore = useEditorStore        same store, for code outside React: editorStore.getState().
 *
 *   State
 *     campaign: CampaignMeta | null      the campaign record without its graph (name, status, senders, …)
 *     baseUpdatedAt: string | null       the server `updated_at` this edit is based on (sent as expectedUpdatedAt)
 *     baseDefinition                     the saved graph of that `updated_at` (the three-way merge's base); null when unknown
 *     dirty: boolean                     the canvas differs from the last saved/loaded graph
 *     readOnly: boolean, readOnlyReason  true for non-draft campaigns (reason in users' words)
 *     revision: number                   changes with every graph change (use as a memo key)
 *     selection: {nodeIds, edgeIds}
 *
 *   Actions (all graph changes are undoable named steps)
 *     getDefinition(): WorkflowDefinition                   the canvas as spec JSON, extra properties restored
 *     loadDefinition(def, {label, markDirty, base?})         replace the graph (import / restore a version) as one
 *                                                            undo step; markDirty:false treats it as the saved graph;
 *                                                            base: the saved version the step bases the edit on (undone with it)
 *     setHighlight({nodeIds, edgeIds, tone}) / clearHighlight()   colour a path or a diff on the canvas
 *     focusElement({nodeId?, edgeId?})                      select it and ask the canvas to centre it ({}: fit all)
 *     undo() / redo()
 *
 *   Hooks (./hooks): useViolations() → {violations, errors, warnings}; useNodeViolations(id); useEdgeViolations(id)
 */
import { applyEdgeChanges, type EdgeChange, type NodeChange } from '@xyflow/react';
import { create } from 'zustand';
import { nodeDefinition, type NodeType, type ValidationContext, type Violation, type WorkflowDefinition } from '../../../domain';
import { readOnlyMessage } from './read-only';
import { clearOffset, pasteInto, copySelection, type ClipboardPayload } from './clipboard';
import { announceReconnected, deleteSelectionReconnecting } from './delete-selection';
import { fromDefinition, toDefinition, type CanvasGraph } from './convert';
import * as history from './history';
import { applyNodeChangesFast, nodeChangesKind, sameValidationInput, touchesSelection } from './node-changes';
import * as ops from './operations';
import { EMPTY_SELECTION, selectionOf, type Selection } from './selection';
import type { BaseVersion, CampaignMeta, FlowEdge, FlowNode, GraphSnapshot, Highlight, ValidationState } from './types';
import { computeValidation, EMPTY_VALIDATION, mergeViolations, summarize } from './validation';

export interface LoadOptions {
  label: string;
  /** true: the loaded graph is unsaved work (import, restore); false: it is what the server holds. */
  markDirty: boolean;
  /** The saved version this step bases the edit on (taking or merging theirs); undoing the step goes back to the previous base. */
  base?: BaseVersion;
}

export interface EditorState extends CanvasGraph {
  campaign: CampaignMeta | null;
  baseUpdatedAt: string | null;
  /** The saved graph `baseUpdatedAt` stands for: the base of a three-way merge (null when unknown, e.g. a restored draft). */
  baseDefinition: WorkflowDefinition | null;
  revision: number;
  savedRevision: number;
  dirty: boolean;
  readOnly: boolean;
  readOnlyReason: string | null;
  selection: Selection;
  validation: ValidationState;
  /** Violations the server reported on the last save, shown until the graph changes. */
  serverViolations: Violation[];
  context: ValidationContext | undefined;
  history: history.History;
  highlight: Highlight | null;
  /** A request for the canvas to centre an element (the canvas consumes it). */
  focusRequest: { nodeId?: string; edgeId?: string; at: number } | null;
  dragging: boolean;

  open(campaign: CampaignMeta & { workflow_definition: WorkflowDefinition }): void;
  close(): void;
  setContext(context: ValidationContext | undefined): void;
  /** `definition`: the graph the server now holds with that `updated_at` (the next merge's base). */
  markSaved(campaign: CampaignMeta, revision: number, definition: WorkflowDefinition): void;
  setBase(updatedAt: string, definition: WorkflowDefinition | null): void;
  setReadOnly(reason: string | null): void;
  /** The campaign's settings changed (rename, senders): no graph change, the senders revalidate through the context. */
  setCampaignSettings(settings: Pick<CampaignMeta, 'name' | 'senderAccountIds'>): void;
  setServerViolations(violations: Violation[]): void;
  onNodesChange(changes: NodeChange<FlowNode>[]): void;
  onEdgesChange(changes: EdgeChange<FlowEdge>[]): void;
  /** A new step at `at`, connected from `link`: both come from canvas/placement.ts (the one placement rule). */
  addNode(type: NodeType, at: { x: number; y: number }, link?: { source: string; sourceHandle: string | null } | null): void;
  insertOnEdge(edgeId: string, type: NodeType): void;
  connect(source: string, sourceHandle: string | null | undefined, target: string): void;
  /** Moves an end of connection `edgeId` (one undo step). */
  reconnect(edgeId: string, source: string, sourceHandle: string | null | undefined, target: string): void;
  deleteSelection(): void;
  /** Merges `patch` into a step's data as one undo step (typing with one `coalesceKey` coalesces); a key set to undefined is removed. */
  updateNodeData(nodeId: string, patch: Record<string, unknown>, options?: { label?: string; coalesceKey?: string }): void;
  removeNodeField(nodeId: string, key: string): void;
  sealTyping(): void;
  copy(): ClipboardPayload | null;
  paste(payload: ClipboardPayload, offset?: { x: number; y: number }): void;
  duplicate(): void;
  applyPositions(positions: ReadonlyMap<string, { x: number; y: number }>, label: string): void;
  select(target: { nodeId?: string; edgeId?: string }): void;
  selectAll(): void;
  focusElement(target: { nodeId?: string; edgeId?: string }): void;
  undo(): void;
  redo(): void;
  getDefinition(): WorkflowDefinition;
  loadDefinition(def: WorkflowDefinition, options: LoadOptions): void;
  setHighlight(highlight: { nodeIds: Iterable<string>; edgeIds: Iterable<string>; tone: Highlight['tone'] }): void;
  clearHighlight(): void;
}

let revisionCounter = 0;
const nextRevision = () => ++revisionCounter;

const graphOf = (s: CanvasGraph): CanvasGraph => ({ nodes: s.nodes, edges: s.edges, nodeExtras: s.nodeExtras, edgeExtras: s.edgeExtras });
const snapshotOf = (s: EditorState): GraphSnapshot => ({ ...graphOf(s), revision: s.revision });

/** getDefinition is cached by graph identity: called by validation, save, drafts and power features. */
let definitionCache: { key: CanvasGraph; value: WorkflowDefinition } | null = null;
function definitionOf(s: CanvasGraph): WorkflowDefinition {
  const c = definitionCache;
  if (c && c.key.nodes === s.nodes && c.key.edges === s.edges && c.key.nodeExtras === s.nodeExtras && c.key.edgeExtras === s.edgeExtras)
    return c.value;
  const value = toDefinition(s);
  definitionCache = { key: graphOf(s), value };
  return value;
}

export const useEditorStore = create<EditorState>()((set, get) => {
  /**
   * Everything that follows a graph change: revision, dirty flag, violations, selection. A change
   * of positions only (a drag, arrow keys, tidy up) keeps the violations: no rule reads positions.
   */
  const derive = (graph: CanvasGraph, revision: number, s: EditorState) => ({
    ...graph,
    revision,
    dirty: revision !== s.savedRevision,
    validation:
      s.serverViolations.length === 0 && sameValidationInput(s, graph)
        ? s.validation
        : computeValidation(definitionOf(graph), s.context, s.validation),
    serverViolations: [],
    selection: selectionOf(graph.nodes, graph.edges, s.selection),
  });

  /** One named, undoable graph change. No-op when read-only or nothing changed. */
  const commit = (label: string, next: CanvasGraph, coalesceKey?: string) => {
    const s = get();
    if (s.readOnly) return;
    if (next.nodes === s.nodes && next.edges === s.edges && next.nodeExtras === s.nodeExtras && next.edgeExtras === s.edgeExtras) return;
    set({ ...derive(next, nextRevision(), s), history: history.record(s.history, label, snapshotOf(s), Date.now(), coalesceKey) });
  };

  const restore = ({ restore: snapshot, history: h, base }: history.Step) => {
    const s = get();
    // A step that moved the base moves it back, unless a save has based the edit on a newer version since.
    const rebase =
      base && s.baseUpdatedAt === base.from.updatedAt ? { baseUpdatedAt: base.to.updatedAt, baseDefinition: base.to.definition } : {};
    set({ ...derive(graphOf(snapshot), snapshot.revision, s), history: h, ...rebase });
  };

  return {
    nodes: [],
    edges: [],
    nodeExtras: {},
    edgeExtras: {},
    campaign: null,
    baseUpdatedAt: null,
    baseDefinition: null,
    revision: 0,
    savedRevision: 0,
    dirty: false,
    readOnly: false,
    readOnlyReason: null,
    selection: EMPTY_SELECTION,
    validation: EMPTY_VALIDATION,
    serverViolations: [],
    context: undefined,
    history: history.EMPTY_HISTORY,
    highlight: null,
    focusRequest: null,
    dragging: false,

    open: ({ workflow_definition, ...meta }) => {
      const graph = fromDefinition(workflow_definition);
      const revision = nextRevision();
      const s = get();
      const readOnlyReason = meta.status === 'draft' ? null : readOnlyMessage(meta.status);
      set({
        ...derive(graph, revision, { ...s, validation: EMPTY_VALIDATION, selection: EMPTY_SELECTION }),
        savedRevision: revision,
        dirty: false,
        campaign: meta,
        baseUpdatedAt: meta.updated_at,
        baseDefinition: workflow_definition,
        readOnly: readOnlyReason !== null,
        readOnlyReason,
        history: history.EMPTY_HISTORY,
        highlight: null,
        focusRequest: null,
        dragging: false,
      });
    },
    close: () =>
      set({
        campaign: null,
        baseDefinition: null,
        nodes: [],
        edges: [],
        nodeExtras: {},
        edgeExtras: {},
        history: history.EMPTY_HISTORY,
        validation: EMPTY_VALIDATION,
        selection: EMPTY_SELECTION,
        dirty: false,
        highlight: null,
      }),
    setContext: (context) => {
      const s = get();
      // The same senders again (the effect runs before the accounts load, and on every reload): no revalidation.
      if (JSON.stringify(s.context ?? null) === JSON.stringify(context ?? null)) return;
      set({ context, validation: computeValidation(definitionOf(s), context, s.validation) });
    },
    markSaved: (campaign, revision, definition) => {
      const s = get();
      set({
        campaign,
        baseUpdatedAt: campaign.updated_at,
        baseDefinition: definition,
        savedRevision: revision,
        dirty: s.revision !== revision,
      });
    },
    setBase: (updatedAt, definition) => set({ baseUpdatedAt: updatedAt, baseDefinition: definition }),
    setReadOnly: (reason) => set({ readOnly: reason !== null, readOnlyReason: reason }),
    setCampaignSettings: ({ name, senderAccountIds }) => {
      const { campaign } = get();
      if (campaign) set({ campaign: { ...campaign, name, senderAccountIds } });
    },
    setServerViolations: (violations) => {
      const s = get();
      set({ serverViolations: violations, validation: summarize(mergeViolations(s.validation.violations, violations), s.validation) });
    },

    // A drag: the first `dragging` frame records the undo step, the `dragging: false` change ends it
    // (revision, overlays, routes). The canvas sends only those two (canvas/live-drag.ts); frames
    // sent between are applied to the nodes without any other effect.
    onNodesChange: (changes) => {
      const s = get();
      const kind = nodeChangesKind(changes, s.dragging, s.readOnly);
      if (kind === null) return;
      const { label, coalesceKey, dragging, endsDrag } = kind;
      // Drag frames are O(changed): no full-array rebuild, no selection scan unless selection changed.
      const nodes = applyNodeChangesFast(changes, s.nodes);
      if (nodes === s.nodes && !endsDrag) return;
      const graph = { ...graphOf(s), nodes };
      const selection = touchesSelection(changes) ? selectionOf(nodes, s.edges, s.selection) : s.selection;
      if (label && !dragging) return commit(label, graph, coalesceKey);
      if (label) {
        // First frame of a drag: one undo step for the whole drag; violations wait for the drop.
        set({ nodes, dragging: true, history: history.record(s.history, label, snapshotOf(s), Date.now()), selection });
        return;
      }
      if (endsDrag) {
        set({ ...derive(graph, nextRevision(), s), dragging: false });
        return;
      }
      set({ nodes, selection });
    },
    onEdgesChange: (changes) => {
      const s = get();
      const edges = applyEdgeChanges(changes, s.edges);
      if (changes.some((c) => c.type !== 'select')) return commit('Change connections', { ...graphOf(s), edges });
      set({ edges, selection: selectionOf(s.nodes, edges, s.selection) });
    },

    addNode: (type, at, link) => commit(`Add ${labelOf(type)}`, ops.addNode(graphOf(get()), type, at, link)),
    insertOnEdge: (edgeId, type) => commit(`Insert ${labelOf(type)}`, ops.insertOnEdge(graphOf(get()), edgeId, type, get().context)),
    connect: (source, sourceHandle, target) => commit('Connect steps', ops.connect(graphOf(get()), source, sourceHandle, target)),
    reconnect: (edgeId, source, sourceHandle, target) =>
      commit('Re-wire connection', ops.reconnect(graphOf(get()), edgeId, source, sourceHandle, target)),
    deleteSelection: () => {
      const { graph, label, reconnected } = deleteSelectionReconnecting(graphOf(get()));
      commit(label, graph);
      const revision = get().revision;
      // The toast's Undo takes back this deletion only: nothing may have changed since.
      if (reconnected)
        announceReconnected(reconnected, () => {
          if (get().revision === revision) get().undo();
        });
    },
    updateNodeData: (nodeId, patch, options = {}) => {
      const s = get();
      const node = s.nodes.find((n) => n.id === nodeId);
      if (!node) return;
      const label = options.label ?? `Edit ${labelOf(node.type)}`;
      commit(
        label,
        ops.setNodeData(graphOf(s), nodeId, (data) => {
          const next = { ...data, ...patch };
          // A key set to undefined is removed (one step may set one field and remove another: variants → one text).
          for (const key of Object.keys(patch)) if (patch[key] === undefined) delete next[key];
          return next;
        }),
        options.coalesceKey,
      );
    },
    removeNodeField: (nodeId, key) =>
      commit(
        'Clear field',
        ops.setNodeData(graphOf(get()), nodeId, (data) => {
          const { [key]: _removed, ...rest } = data;
          return rest;
        }),
      ),
    sealTyping: () => set({ history: history.seal(get().history) }),
    copy: () => copySelection(graphOf(get())),
    paste: (payload, offset = clearOffset(get().nodes, payload)) =>
      commit(payload.nodes.length > 1 ? `Paste ${payload.nodes.length} steps` : 'Paste step', pasteInto(graphOf(get()), payload, offset)),
    duplicate: () => {
      const payload = copySelection(graphOf(get()));
      if (payload)
        commit(
          payload.nodes.length > 1 ? `Duplicate ${payload.nodes.length} steps` : 'Duplicate step',
          pasteInto(graphOf(get()), payload, clearOffset(get().nodes, payload)),
        );
    },
    applyPositions: (positions, label) => {
      const s = get();
      const nodes = s.nodes.map((n) => {
        const p = positions.get(n.id);
        return p && (p.x !== n.position.x || p.y !== n.position.y) ? { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } } : n;
      });
      commit(label, { ...graphOf(s), nodes });
    },
    select: ({ nodeId, edgeId }) => {
      const s = get();
      const nodes = s.nodes.map((n) => ((n.id === nodeId) !== Boolean(n.selected) ? { ...n, selected: n.id === nodeId } : n));
      const edges = s.edges.map((e) => ((e.id === edgeId) !== Boolean(e.selected) ? { ...e, selected: e.id === edgeId } : e));
      set({ nodes, edges, selection: selectionOf(nodes, edges, s.selection) });
    },
    selectAll: () => {
      const s = get();
      const nodes = s.nodes.map((n) => (n.selected ? n : { ...n, selected: true }));
      set({ nodes, selection: selectionOf(nodes, s.edges, s.selection) });
    },
    focusElement: (target) => {
      get().select(target);
      set({ focusRequest: { ...target, at: Date.now() } });
    },
    undo: () => {
      const s = get();
      if (s.readOnly) return;
      const step = history.undo(s.history, snapshotOf(s));
      if (step) restore(step);
    },
    redo: () => {
      const s = get();
      if (s.readOnly) return;
      const step = history.redo(s.history, snapshotOf(s));
      if (step) restore(step);
    },
    getDefinition: () => definitionOf(get()),
    loadDefinition: (def, { label, markDirty, base }) => {
      const s = get();
      if (s.readOnly && markDirty) return;
      const graph = fromDefinition(structuredClone(def));
      const revision = nextRevision();
      const moved = base && { before: { updatedAt: s.baseUpdatedAt, definition: s.baseDefinition }, after: base };
      set({
        ...derive(graph, revision, s),
        history: history.record(s.history, label, snapshotOf(s), Date.now(), undefined, moved),
        ...(markDirty ? { dirty: true } : { savedRevision: revision, dirty: false }),
        ...(base ? { baseUpdatedAt: base.updatedAt, baseDefinition: base.definition } : {}),
      });
    },
    setHighlight: ({ nodeIds, edgeIds, tone }) => set({ highlight: { nodeIds: new Set(nodeIds), edgeIds: new Set(edgeIds), tone } }),
    clearHighlight: () => set({ highlight: null }),
  };
});

/** @alias The same store, named for code outside React (editorStore.getState()). */
export const editorStore = useEditorStore;

function labelOf(type: string | undefined): string {
  return nodeDefinition(type)?.label ?? type ?? 'step';
}

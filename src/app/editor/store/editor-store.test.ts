import type { CampaignStatus } from '../../../domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionOnlyGraph, followUpChain, inmailFallbackGraph } from '../../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../../domain';
import { useEditorStore } from './editor-store';
import { HISTORY_LIMIT } from './history';
import { openInEditor } from './test-campaign';
import { placeClickAdded } from '../canvas/placement';
import { sizedSteps } from './convert';

const store = () => useEditorStore.getState();
const open = (def: WorkflowDefinition, status: CampaignStatus = 'draft') => openInEditor(def, { status });

beforeEach(() => open(connectionOnlyGraph()));

describe('loading and getDefinition', () => {
  it('round-trips extra properties of nodes and edges verbatim, even names React Flow uses', () => {
    const def = connectionOnlyGraph() as WorkflowDefinition;
    Object.assign(def.nodes[0]!, { style: { color: 'red' }, hidden: true, width: 5, note: 'keep me' });
    Object.assign(def.nodes[1]!.data, { customThing: [1, 2] });
    Object.assign(def.edges[0]!, { animated: true, label: 'go', type: 'fancy' });
    (def as { nodes: unknown[] }).nodes.push({ id: 'mystery', type: 'cancel_connection_request', position: { x: 1, y: 2 }, data: {} });
    open(def);
    expect(store().nodes[0]).not.toHaveProperty('style');
    expect(store().nodes[0]!.hidden).toBeUndefined();
    expect(store().getDefinition()).toEqual(def);
  });

  it('a valid graph has no violations and is not dirty', () => {
    expect(store().validation.errors).toBe(0);
    expect(store().dirty).toBe(false);
  });

  it('non-draft campaigns open read-only with a reason, and refuse edits', () => {
    open(connectionOnlyGraph(), 'active');
    expect(store().readOnly).toBe(true);
    expect(store().readOnlyReason).toMatch(/This campaign is running, so its steps are read-only here\. Edit opens a revision/);
    store().addNode('delay', { x: 0, y: 0 });
    expect(store().nodes).toHaveLength(3);
  });
});

describe('named undo/redo', () => {
  it('undoes and redoes an added step; dirty follows the saved revision', () => {
    store().addNode('delay', { x: 10, y: 10 });
    expect(store().nodes).toHaveLength(4);
    expect(store().dirty).toBe(true);
    expect(store().history.past.at(-1)!.label).toBe('Add Delay');
    store().undo();
    expect(store().nodes).toHaveLength(3);
    expect(store().dirty).toBe(false);
    store().redo();
    expect(store().nodes).toHaveLength(4);
    expect(store().dirty).toBe(true);
  });

  it('typing in one field coalesces into one undo step per burst', () => {
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello'])
      store().updateNodeData('invite', { message_template: text }, { coalesceKey: 'invite:message_template' });
    expect(store().history.past).toHaveLength(1);
    store().sealTyping();
    store().updateNodeData('invite', { message_template: 'Hello!' }, { coalesceKey: 'invite:message_template' });
    expect(store().history.past).toHaveLength(2);
    store().undo();
    expect(store().nodes[1]!.data.message_template).toBe('Hello');
    store().undo();
    expect(store().nodes[1]!.data.message_template).toBe(connectionOnlyGraph().nodes[1]!.data.message_template);
  });

  it('a drag is one step, and the violations update only on drop', () => {
    const frames = [1, 2, 3].map((x) => [{ type: 'position' as const, id: 'invite', position: { x, y: 0 }, dragging: true }]);
    const before = store().revision;
    for (const f of frames) store().onNodesChange(f);
    expect(store().revision).toBe(before);
    store().onNodesChange([{ type: 'position', id: 'invite', position: { x: 3, y: 0 }, dragging: false }]);
    expect(store().history.past).toHaveLength(1);
    expect(store().revision).not.toBe(before);
    store().undo();
    expect(store().nodes[1]!.position).toEqual(connectionOnlyGraph().nodes[1]!.position);
  });

  it('keeps at least 100 steps', () => {
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store().updateNodeData('invite', { wait_for_response_days: i + 1 });
    expect(store().history.past.length).toBe(HISTORY_LIMIT);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
  });

  it('selection changes are not undo steps and keep the violations object', () => {
    const validation = store().validation;
    store().onNodesChange([{ type: 'select', id: 'invite', selected: true }]);
    expect(store().selection.nodeIds).toEqual(['invite']);
    expect(store().history.past).toHaveLength(0);
    expect(store().validation).toBe(validation);
  });
});

describe('graph operations', () => {
  it('deleting a step removes its connections and shows the rule breaks', () => {
    store().select({ nodeId: 'invite' });
    store().deleteSelection();
    expect(store().nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(store().edges).toHaveLength(0);
    expect(store().validation.errors).toBeGreaterThan(0);
    expect(store().validation.byNode.get('start')?.length).toBeGreaterThan(0);
  });

  it('inserting a message on an edge wires its outputs with the fewest rule breaks', () => {
    store().insertOnEdge('e_invite_accepted', 'message');
    const id = store().nodes.at(-1)!.id;
    expect(store().edges.find((e) => e.id === 'e_invite_accepted')!.target).toBe(id);
    const outs = store()
      .edges.filter((e) => e.source === id)
      .map((e) => [e.sourceHandle, e.target]);
    expect(outs).toEqual(
      expect.arrayContaining([
        ['replied', 'end'],
        ['no_reply', 'end'],
      ]),
    );
    expect(store().validation.errors).toBe(0);
  });

  it('adding by click goes below the selected step and uses its free output', () => {
    store().select({ edgeId: 'e_invite_accepted' });
    store().deleteSelection();
    store().select({ nodeId: 'invite' });
    const placed = placeClickAdded({
      def: store().getDefinition(),
      steps: sizedSteps(store().nodes),
      type: 'message',
      anchorId: 'invite',
      visibleCentre: { x: 0, y: 0 },
    });
    store().addNode('message', placed.position, placed.link);
    const added = store().nodes.at(-1)!;
    expect(added.position.y).toBeGreaterThan(store().nodes[1]!.position.y);
    expect(store().edges.some((e) => e.source === 'invite' && e.sourceHandle === 'accepted' && e.target === added.id)).toBe(true);
  });

  it('copy/paste remaps ids and keeps the connections between copied steps', () => {
    store().select({ nodeId: 'invite' });
    store().onNodesChange([{ type: 'select', id: 'end', selected: true }]);
    const payload = store().copy()!;
    expect(payload.nodes).toHaveLength(2);
    expect(payload.edges).toHaveLength(2);
    open(followUpChain(5));
    store().paste(JSON.parse(JSON.stringify(payload)));
    const ids = store().nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(store().selection.nodeIds).toHaveLength(2);
    const pasted = new Set(store().selection.nodeIds);
    expect(store().edges.filter((e) => pasted.has(e.source) && pasted.has(e.target))).toHaveLength(2);
  });

  it('loadDefinition replaces the graph as one undoable step', () => {
    store().loadDefinition(followUpChain(6), { label: 'Import', markDirty: true });
    expect(store().nodes).toHaveLength(6);
    expect(store().dirty).toBe(true);
    store().undo();
    expect(store().nodes).toHaveLength(3);
    store().loadDefinition(followUpChain(4), { label: 'Load saved version', markDirty: false });
    expect(store().dirty).toBe(false);
  });

  it('violations are stable per node across unrelated edits', () => {
    store().select({ nodeId: 'invite' });
    store().deleteSelection();
    const startList = store().validation.byNode.get('start');
    store().addNode('delay', { x: 500, y: 500 });
    expect(store().validation.byNode.get('start')).toBe(startList);
  });
});

describe('the senders the validation is judged with', () => {
  const inmailVerdict = () =>
    store()
      .validation.violations.filter((v) => v.code === 'inmail_premium')
      .map((v) => v.severity);
  it('judges again only when they change, so a reload or an early effect costs no second pass', () => {
    const def = inmailFallbackGraph();
    def.nodes.find((n) => n.id === 'inmail')!.data.only_open_profiles = false;
    open(def);
    const unknown = store().validation;
    expect(inmailVerdict()).toEqual(['warning']);
    store().setContext(undefined);
    expect(store().validation).toBe(unknown);

    const lacking = { senders: [{ accountId: 'a1', premium: false, name: 'Ada' }] };
    store().setContext(lacking);
    expect(inmailVerdict()).toEqual(['error']);
    const judged = store().validation;
    store().setContext(structuredClone(lacking));
    expect(store().validation).toBe(judged);

    store().setContext({ senders: [{ accountId: 'a1', premium: true, name: 'Ada' }] });
    expect(inmailVerdict()).toEqual([]);
    store().setContext(undefined);
    expect(inmailVerdict()).toEqual(['warning']);
  });
});

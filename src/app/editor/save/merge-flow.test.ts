import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import type { CampaignStatus, WorkflowDefinition } from '../../../domain';
import { cloneGraph, scoredFollowUpGraph } from '../../../domain/testing/fixtures';
import type { Campaign } from '../../api/campaigns';
import { editorStore } from '../store';
import { loadServerVersion, mergeServerVersion, useMergeState } from './merge-flow';

const meta = {
  campaignId: 'c1',
  workspaceId: 'w1',
  name: 'Merge',
  status: 'draft' as CampaignStatus,
  editingMode: 'advanced' as const,
  senderAccountIds: [],
  schedule: DEFAULT_SCHEDULE,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const LATER = '2026-01-01T00:05:00.000Z';
const store = () => editorStore.getState();
const dataOf = (def: WorkflowDefinition, id: string) => def.nodes.find((n) => n.id === id)!.data;
const server = (edit: (g: WorkflowDefinition) => void, updated_at = LATER): Campaign => {
  const def = cloneGraph(scoredFollowUpGraph());
  edit(def);
  return { ...meta, updated_at, workflow_definition: def };
};

beforeEach(() => {
  useMergeState.setState({ session: null });
  store().open({ ...meta, workflow_definition: scoredFollowUpGraph() });
});

describe('mergeServerVersion', () => {
  it('without overlap puts the merge on the canvas: unsaved, one undo step, based on their version', async () => {
    store().updateNodeData('thanks', { reply_wait_days: 9 });
    const theirs = server((g) => void (dataOf(g, 'score').icpThreshold = 80));
    await mergeServerVersion(theirs);
    const now = store();
    expect(dataOf(now.getDefinition(), 'score').icpThreshold).toBe(80);
    expect(dataOf(now.getDefinition(), 'thanks').reply_wait_days).toBe(9);
    expect(now.dirty).toBe(true);
    expect(now.baseUpdatedAt).toBe(LATER);
    expect(now.baseDefinition).toEqual(theirs.workflow_definition);
    expect(useMergeState.getState().session).toBeNull();
    now.undo();
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(70);
    expect(dataOf(store().getDefinition(), 'thanks').reply_wait_days).toBe(9);
  });

  it('with overlap opens the merge dialog and leaves the canvas as it is', async () => {
    store().updateNodeData('score', { icpThreshold: 90 });
    const before = store().getDefinition();
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 80)));
    expect(useMergeState.getState().session?.result.conflicts).toHaveLength(1);
    expect(store().getDefinition()).toBe(before);
    expect(store().baseUpdatedAt).toBe(meta.updated_at);
  });

  it('merges a later change on top of the rebased base, and ignores a version it is already based on', async () => {
    store().updateNodeData('thanks', { reply_wait_days: 9 });
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 80)));
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 1), meta.updated_at));
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(80);
    const third = server(
      (g) => ((dataOf(g, 'score').icpThreshold = 80), (dataOf(g, 'invite').wait_for_response_days = 3)),
      '2026-01-01T00:09:00.000Z',
    );
    await mergeServerVersion(third);
    expect(useMergeState.getState().session).toBeNull();
    expect(dataOf(store().getDefinition(), 'invite').wait_for_response_days).toBe(3);
    expect(dataOf(store().getDefinition(), 'thanks').reply_wait_days).toBe(9);
  });

  it('with no local edits loads their version as saved; discarding mine does the same', async () => {
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 80)));
    expect(store().dirty).toBe(false);
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(80);
    store().updateNodeData('score', { icpThreshold: 5 });
    loadServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 81), '2026-01-01T00:09:00.000Z'));
    expect(store().dirty).toBe(false);
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(81);
  });

  it('a campaign no longer a draft turns the editor read-only', async () => {
    store().updateNodeData('score', { icpThreshold: 5 });
    await mergeServerVersion({ ...server(() => {}), status: 'active' });
    expect(store().readOnly).toBe(true);
  });

  it('after the canvas took a newer saved version, merges against that version, not the one first opened', async () => {
    // A change saved elsewhere was taken in place (the live reload): threshold 75 → 80.
    const taken = server((g) => void (dataOf(g, 'score').icpThreshold = 80));
    store().loadDefinition(taken.workflow_definition, { label: 'Take the version saved elsewhere', markDirty: false });
    const { workflow_definition: graph, ...takenMeta } = taken;
    store().markSaved(takenMeta, store().revision, graph);
    // I edit another step; they save again, threshold 80 → 85: only they changed it since my base.
    store().updateNodeData('thanks', { reply_wait_days: 9 });
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 85), '2026-01-01T00:10:00.000Z'));
    expect(useMergeState.getState().session).toBeNull();
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(85);
    expect(dataOf(store().getDefinition(), 'thanks').reply_wait_days).toBe(9);
  });

  it('undoing the merge goes back to the version the edit was based on: saving then merges their change again, never drops it', async () => {
    store().updateNodeData('thanks', { reply_wait_days: 9 });
    const theirs = server((g) => void (dataOf(g, 'score').icpThreshold = 80));
    await mergeServerVersion(theirs);
    store().undo();
    expect(store().dirty).toBe(true);
    expect(store().baseUpdatedAt).toBe(meta.updated_at); // a save now is stale: theirs is checked, not overwritten
    await mergeServerVersion(theirs); // what a stale save does
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(80);
    expect(dataOf(store().getDefinition(), 'thanks').reply_wait_days).toBe(9);
    store().undo();
    store().redo(); // the merge step again: based on their version again
    expect(store().baseUpdatedAt).toBe(LATER);
    expect(store().baseDefinition).toEqual(theirs.workflow_definition);
  });

  it('undoing a step taken before a save keeps the saved version as the base', async () => {
    store().updateNodeData('thanks', { reply_wait_days: 9 });
    await mergeServerVersion(server((g) => void (dataOf(g, 'score').icpThreshold = 80)));
    const saved = { ...meta, updated_at: '2026-01-01T00:07:00.000Z' };
    store().markSaved(saved, store().revision, store().getDefinition()); // my save of the merged graph
    store().undo();
    expect(store().baseUpdatedAt).toBe(saved.updated_at);
  });

  it('undoing "discard mine" brings mine back based on the older version, so their overlapping change is asked about', async () => {
    store().updateNodeData('score', { icpThreshold: 5 });
    const theirs = server((g) => void (dataOf(g, 'score').icpThreshold = 81));
    loadServerVersion(theirs);
    store().undo();
    expect(dataOf(store().getDefinition(), 'score').icpThreshold).toBe(5);
    expect(store().dirty).toBe(true);
    expect(store().baseUpdatedAt).toBe(meta.updated_at);
    await mergeServerVersion(theirs);
    expect(useMergeState.getState().session?.result.conflicts).toHaveLength(1);
  });

  it('a step we both added (each editor named it message_1) is kept twice, without a question', async () => {
    store().addNode('message', { x: 900, y: 40 });
    const theirs = server(
      (g) => void g.nodes.push({ id: 'message_1', type: 'message', position: { x: 40, y: 900 }, data: { message_template: 'Theirs' } }),
    );
    await mergeServerVersion(theirs);
    expect(useMergeState.getState().session).toBeNull();
    const messages = store()
      .getDefinition()
      .nodes.filter((n) => n.type === 'message' && !scoredFollowUpGraph().nodes.some((b) => b.id === n.id));
    expect(messages.map((n) => n.position)).toEqual([
      { x: 900, y: 40 },
      { x: 40, y: 900 },
    ]);
    expect(new Set(messages.map((n) => n.id)).size).toBe(2);
  });
});

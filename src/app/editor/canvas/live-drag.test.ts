import type { InternalNode, NodeChange } from '@xyflow/react';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { editorStore, type FlowNode } from '../store';
import { routeNodeChanges } from './live-drag';

/** A stand-in for React Flow's store: the internal node lookup the canvas moves steps in. */
function flowStore() {
  const nodeLookup = new Map<string, InternalNode<FlowNode>>(
    editorStore
      .getState()
      .nodes.map((n) => [
        n.id,
        { ...n, measured: { width: 240, height: 80 }, internals: { positionAbsolute: n.position, z: 0, userNode: n } },
      ]),
  );
  const store = createStore(() => ({ nodeLookup }));
  let notified = 0;
  store.subscribe(() => notified++);
  return { store, nodeLookup, notified: () => notified };
}
type Flow = Parameters<typeof routeNodeChanges>[1];

/** Position changes moving `ids` by (dx, dx) from where the graph was opened. */
const frame = (ids: string[], dx: number, dragging: boolean): NodeChange<FlowNode>[] =>
  ids.map((id) => {
    const p = connectionOnlyGraph().nodes.find((n) => n.id === id)!.position;
    return { type: 'position', id, position: { x: p.x + dx, y: p.y + dx }, dragging };
  });

beforeEach(() =>
  editorStore.getState().open({
    campaignId: 'c1',
    workspaceId: 'w1',
    name: 'Test',
    status: 'draft',
    editingMode: 'easy',
    senderAccountIds: [],
    schedule: DEFAULT_SCHEDULE,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    workflow_definition: connectionOnlyGraph(),
  }),
);

describe('a drag on the canvas', () => {
  it('records one undo step on its first frame, moves only React Flow between, and commits on drop', () => {
    const flow = flowStore();
    const start = editorStore.getState().nodes.find((n) => n.id === 'invite')!.position;
    routeNodeChanges(frame(['invite'], 16, true), flow.store as unknown as Flow);
    const afterFirst = editorStore.getState();
    expect(afterFirst.dragging).toBe(true);
    expect(afterFirst.history.past.map((h) => h.label)).toEqual(['Move step']);

    for (const dx of [32, 48, 64]) {
      routeNodeChanges(frame(['invite'], dx, true), flow.store as unknown as Flow);
      // The editor store does not change between the first frame and the drop…
      expect(editorStore.getState()).toBe(afterFirst);
    }
    // …React Flow's lookup does, for the dragged step only, without a notification (nothing re-renders).
    expect(flow.nodeLookup.get('invite')!.internals.positionAbsolute).toEqual({ x: start.x + 64, y: start.y + 64 });
    expect(flow.nodeLookup.get('start')!.position).toEqual(editorStore.getState().nodes[0]!.position);
    expect(flow.notified()).toBe(0);

    routeNodeChanges(frame(['invite'], 80, false), flow.store as unknown as Flow);
    const s = editorStore.getState();
    expect(s.dragging).toBe(false);
    expect(s.dirty).toBe(true);
    expect(s.nodes.find((n) => n.id === 'invite')!.position).toEqual({ x: start.x + 80, y: start.y + 80 });
    expect(s.history.past).toHaveLength(1);
    s.undo();
    expect(editorStore.getState().nodes.find((n) => n.id === 'invite')!.position).toEqual(start);
  });

  it('moves every selected step and undoes them together', () => {
    const flow = flowStore();
    const before = editorStore.getState().nodes.map((n) => n.position);
    routeNodeChanges(frame(['start', 'invite'], 16, true), flow.store as unknown as Flow);
    routeNodeChanges(frame(['start', 'invite'], 48, true), flow.store as unknown as Flow);
    expect(flow.nodeLookup.get('start')!.position).toEqual({ x: before[0]!.x + 48, y: before[0]!.y + 48 });
    routeNodeChanges(frame(['start', 'invite'], 48, false), flow.store as unknown as Flow);
    expect(editorStore.getState().history.past.map((h) => h.label)).toEqual(['Move steps']);
    expect(editorStore.getState().nodes[1]!.position).toEqual({ x: before[1]!.x + 48, y: before[1]!.y + 48 });
    editorStore.getState().undo();
    expect(editorStore.getState().nodes.map((n) => n.position)).toEqual(before);
  });

  it('sends keyboard moves and selection straight to the store', () => {
    const flow = flowStore();
    routeNodeChanges([{ type: 'select', id: 'invite', selected: true }], flow.store as unknown as Flow);
    expect(editorStore.getState().selection.nodeIds).toEqual(['invite']);
    routeNodeChanges(frame(['invite'], 16, false), flow.store as unknown as Flow);
    expect(editorStore.getState().history.past.map((h) => h.label)).toEqual(['Move step']);
    expect(flow.notified()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { NODE_GAP, NODE_HEIGHT, NODE_WIDTH, type WorkflowDefinition } from '../../../domain';
import { edge, node } from '../../../domain/testing/fixtures';
import { chooseOutput, nearestFreeSpot, placeClickAdded } from './placement';

const size = { width: NODE_WIDTH, height: NODE_HEIGHT };
const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  a.x < b.x + NODE_WIDTH && a.x + NODE_WIDTH > b.x && a.y < b.y + NODE_HEIGHT && a.y + NODE_HEIGHT > b.y;

// Start → Message, the message's outputs still free.
const withMessage = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start', {}, { x: 0, y: 0 }),
    node('msg', 'message', {}, { x: 0, y: 200 }),
    node('end', 'end', {}, { x: 0, y: 600 }),
  ],
  edges: [edge('start', 'msg')],
});

describe('nearestFreeSpot', () => {
  it('keeps the wanted spot when it is free', () => {
    expect(nearestFreeSpot([], { x: 10, y: 20 }, size)).toEqual({ x: 10, y: 20 });
  });
  it('moves off a step that is in the way', () => {
    const steps = [{ id: 'a', type: 'delay', position: { x: 0, y: 0 } }];
    const spot = nearestFreeSpot(steps, { x: 0, y: 0 }, size);
    expect(overlaps(spot, steps[0]!.position)).toBe(false);
  });
});

describe('chooseOutput', () => {
  it('continues a message on No reply (not Replied, which must end)', () => {
    expect(chooseOutput(withMessage(), { id: 'msg', type: 'message' }, 'inmail')).toBe('no_reply');
  });
  it('leaves the step unconnected when no output is free', () => {
    const def = withMessage();
    def.edges.push(edge('msg', 'end', 'replied'), edge('msg', 'end', 'no_reply'));
    expect(chooseOutput(def, { id: 'msg', type: 'message' }, 'inmail')).toBeUndefined();
  });
  it('never hangs a step from End', () => {
    expect(chooseOutput(withMessage(), { id: 'end', type: 'end' }, 'delay')).toBeUndefined();
  });
});

describe('placeClickAdded', () => {
  it('puts the step under the chosen output of the selected step, connected, on no other step', () => {
    const def = withMessage();
    const steps = def.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position }));
    const placed = placeClickAdded({ def, steps, type: 'inmail', anchorId: 'msg', visibleCentre: { x: 0, y: 0 } });
    expect(placed.link).toEqual({ source: 'msg', sourceHandle: 'no_reply' });
    expect(placed.position.y).toBeGreaterThanOrEqual(200 + NODE_HEIGHT + NODE_GAP.y - 1);
    for (const s of steps) expect(overlaps(placed.position, s.position)).toBe(false);
  });
  it('with nothing selected, goes to the visible centre, unconnected, off the step there', () => {
    const def = withMessage();
    const steps = def.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position }));
    const placed = placeClickAdded({ def, steps, type: 'delay', anchorId: null, visibleCentre: { x: 120, y: 244 } });
    expect(placed.link).toBeNull();
    for (const s of steps) expect(overlaps(placed.position, s.position)).toBe(false);
  });
});

describe('click-add on the editor store', () => {
  it('adds the step where placed and connected from the chosen output, in one undo step', async () => {
    const { useEditorStore } = await import('../store');
    const { connectionOnlyGraph } = await import('../../../domain/testing/fixtures');
    const def = connectionOnlyGraph();
    def.edges = def.edges.filter((e) => e.sourceHandle !== 'accepted');
    useEditorStore.getState().open({
      campaignId: 'c1',
      workspaceId: 'w1',
      name: 'T',
      status: 'draft',
      editingMode: 'easy',
      senderAccountIds: [],
      schedule: DEFAULT_SCHEDULE,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      workflow_definition: def,
    });
    const s = useEditorStore.getState();
    const invite = s.nodes.find((n) => n.type === 'connection_request')!;
    const placed = placeClickAdded({
      def: s.getDefinition(),
      steps: s.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
      type: 'message',
      anchorId: invite.id,
      visibleCentre: { x: 0, y: 0 },
    });
    expect(placed.link).toEqual({ source: invite.id, sourceHandle: 'accepted' });
    s.addNode('message', placed.position, placed.link);
    const after = useEditorStore.getState();
    expect(after.nodes.at(-1)).toMatchObject({ type: 'message', position: placed.position });
    expect(after.edges.some((e) => e.source === invite.id && e.sourceHandle === 'accepted' && e.target === after.nodes.at(-1)!.id)).toBe(
      true,
    );
    after.undo();
    expect(useEditorStore.getState().nodes.some((n) => n.type === 'message')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { NODE_GAP, NODE_HEIGHT, NODE_WIDTH, nominalSize, type WorkflowDefinition } from '../../../domain';
import { edge, node } from '../../../domain/testing/fixtures';
import { chooseOutput, nearestFreeSpot, pasteOffset, placeClickAdded, placeDropped } from './placement';

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
    const { openInEditor } = await import('../store/test-campaign');
    openInEditor(def);
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

describe('placeDropped', () => {
  const steps = [{ id: 'a', type: 'delay', position: { x: 0, y: 0 } }];
  it('puts a step from the palette with the pointer on its body, and one from a connection with its input at the point', () => {
    const size = nominalSize('message');
    expect(placeDropped([], 'message', { x: 1000, y: 1000 }, 'body')).toEqual({
      x: Math.round(1000 - size.width / 2),
      y: Math.round(1000 - size.height / 3),
    });
    expect(placeDropped([], 'message', { x: 1000, y: 1000 }, 'input')).toEqual({ x: Math.round(1000 - size.width / 2), y: 1000 });
  });

  it('never puts it on another step', () => {
    const at = placeDropped(steps, 'delay', { x: NODE_WIDTH / 2, y: 10 }, 'input');
    const size = nominalSize('delay');
    const overlaps = at.x < size.width && at.x + size.width > 0 && at.y < size.height && at.y + size.height > 0;
    expect(overlaps).toBe(false);
  });
});

describe('pasteOffset', () => {
  const step = (id: string, x: number, y: number) => ({ id, type: 'message', position: { x, y } });

  it('puts a copied step just right of the original, overlapping nothing', () => {
    const steps = [step('a', 0, 0), step('b', 0, 200)];
    const offset = pasteOffset(steps, [steps[0]!]);
    expect(offset.y).toBe(0);
    expect(offset.x).toBeGreaterThanOrEqual(NODE_WIDTH);
  });

  it('moves a copied group past a step standing where it would land', () => {
    const steps = [step('a', 0, 0), step('b', 0, 200), step('c', 300, 0)];
    const offset = pasteOffset(steps, steps.slice(0, 2));
    const landed = [
      { x: offset.x, y: offset.y },
      { x: offset.x, y: 200 + offset.y },
    ];
    for (const p of landed) for (const s of steps) expect(overlaps(p, s.position), `${s.id} is clear`).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { nominalSize, type Violation } from '../../../domain';
import { followUpChain } from '../../../domain/testing/fixtures';
import { pendingParts, pendingPicture } from './pending-steps';

const def = followUpChain(6);
const graph = {
  nodes: def.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
  edges: def.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null })),
};
const error: Violation = { code: 'missing_output', severity: 'error', message: 'x', nodeId: 'invite' } as Violation;

describe('the pending layer: what React Flow does not draw yet', () => {
  const picture = pendingPicture(graph, new Map([['invite', [error]]]));

  it('pictures every step at its place and nominal size, with its category and worst problem', () => {
    expect(picture.steps).toHaveLength(def.nodes.length);
    const invite = picture.steps.find((s) => s.id === 'invite')!;
    const node = def.nodes.find((n) => n.id === 'invite')!;
    expect(invite).toMatchObject({ ...node.position, ...nominalSize('connection_request'), severity: 'error' });
    expect(invite.category).toBeTruthy();
    expect(picture.steps.find((s) => s.id === 'end')!.severity).toBeNull();
  });

  it('draws each connection from its output to the top middle of its target', () => {
    expect(picture.connections).toHaveLength(def.edges.length);
    const start = def.nodes.find((n) => n.id === 'start')!.position;
    const invite = def.nodes.find((n) => n.id === 'invite')!.position;
    const path = picture.connections.find((c) => c.source === 'start' && c.target === 'invite')!.path;
    const size = (t: string) => nominalSize(t);
    expect(path.startsWith(`M${start.x + size('start').width / 2} ${start.y + size('start').height}`)).toBe(true);
    expect(path.endsWith(`${invite.x + size('connection_request').width / 2} ${invite.y}`)).toBe(true);
  });

  it('leaves out the attached steps and the connections between two of them', () => {
    const parts = pendingParts(picture, new Set(['start', 'invite']));
    expect(parts.steps.map((s) => s.id)).not.toContain('start');
    expect(parts.steps).toHaveLength(def.nodes.length - 2);
    expect(parts.connections.some((c) => c.source === 'start' && c.target === 'invite')).toBe(false);
    // invite → end still has a pending end.
    expect(parts.connections.some((c) => c.source === 'invite' && c.target === 'end')).toBe(true);
    const all = pendingParts(picture, new Set(def.nodes.map((n) => n.id)));
    expect(all).toEqual({ steps: [], connections: [] });
  });
});

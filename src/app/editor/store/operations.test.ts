import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, edge, node } from '../../../domain/testing/fixtures';
import { fromDefinition } from './convert';
import { addNode, connect, deleteSelection, insertOnEdge, setNodeData } from './operations';

const graph = () => fromDefinition(connectionOnlyGraph());
const byId = <T extends { id: string }>(items: readonly T[], id: string) => items.find((i) => i.id === id)!;

describe('addNode', () => {
  it('puts a step where asked, selected alone, unconnected', () => {
    const g = graph();
    g.nodes[0] = { ...g.nodes[0]!, selected: true };
    const next = addNode(g, 'delay', { x: 10.4, y: 20.6 });
    const added = next.nodes.at(-1)!;
    expect(added).toMatchObject({ id: 'delay_1', type: 'delay', position: { x: 10, y: 21 }, selected: true });
    expect(added.data).toEqual({ delay_type: 'days', delay_amount: 1 });
    expect(next.nodes.filter((n) => n.selected)).toEqual([added]);
    expect(next.edges).toHaveLength(g.edges.length);
  });

  it('connects the new step from the given output, with a fresh connection id', () => {
    const g = fromDefinition({
      nodes: [node('start', 'start'), node('invite', 'connection_request', {}, { x: 300, y: 0 }), node('end', 'end', {}, { x: 0, y: 400 })],
      edges: [edge('start', 'invite'), edge('invite', 'end', 'accepted')],
    });
    const next = addNode(g, 'message', { x: 300, y: 200 }, { source: 'invite', sourceHandle: 'no_response' });
    expect(byId(next.nodes, 'message_1').position).toEqual({ x: 300, y: 200 });
    expect(next.edges.at(-1)).toMatchObject({ source: 'invite', sourceHandle: 'no_response', target: 'message_1' });
    expect(new Set(next.edges.map((e) => e.id)).size).toBe(next.edges.length);
  });

  it('wires a new message’s Replied output to a new End right under it (a reply ends the run anyway)', () => {
    const g = graph();
    const next = addNode(g, 'message', { x: 600, y: 0 });
    const message = next.nodes.at(-1)!;
    const reply = next.edges.find((e) => e.source === message.id)!;
    expect(reply.sourceHandle).toBe('replied');
    const end = byId(next.nodes, reply.target);
    expect(end).toMatchObject({ type: 'end', selected: false });
    expect(end.position.y).toBeGreaterThan(message.position.y);
    // Under the Replied output (the left one), clear of every step.
    expect(end.position.x).toBeLessThan(message.position.x + 120);
    expect(next.nodes.filter((n) => n.selected)).toEqual([message]);
    // A step that waits for no reply gets nothing more.
    expect(addNode(g, 'profile_visit', { x: 600, y: 0 }).nodes).toHaveLength(g.nodes.length + 1);
  });
});

describe('insertOnEdge', () => {
  it('splits the connection and moves the steps below down to make room', () => {
    const g = graph();
    const next = insertOnEdge(g, 'e_start_next', 'delay');
    expect(byId(next.edges, 'e_start_next').target).toBe('delay_1');
    expect(next.edges).toContainEqual(expect.objectContaining({ source: 'delay_1', target: 'invite', sourceHandle: null }));
    const moved = (id: string) => byId(next.nodes, id).position.y - byId(g.nodes, id).position.y;
    expect([moved('start'), moved('invite'), moved('end')]).toEqual([0, 160, 160]);
  });

  it('wires the outputs of a branching step the way that breaks the fewest rules', () => {
    const next = insertOnEdge(graph(), 'e_start_next', 'message');
    const out = next.edges.filter((e) => e.source === 'message_1');
    // "replied" must end the sequence (spec 4.1 rule 6), so "no reply" is the output that continues.
    expect(Object.fromEntries(out.map((e) => [e.sourceHandle, e.target]))).toEqual({ replied: 'end', no_reply: 'invite' });
  });

  it('leaves the graph alone for an unknown connection', () => {
    const g = graph();
    expect(insertOnEdge(g, 'nope', 'delay')).toBe(g);
  });
});

describe('deleteSelection, connect, setNodeData', () => {
  it('removes the selected steps with every connection touching them, and their extra properties', () => {
    const g = fromDefinition({ ...connectionOnlyGraph(), nodes: connectionOnlyGraph().nodes.map((n) => ({ ...n, note: n.id })) });
    expect(deleteSelection(g)).toBe(g);
    const next = deleteSelection({ ...g, nodes: g.nodes.map((n) => (n.id === 'invite' ? { ...n, selected: true } : n)) });
    expect(next.nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(next.edges).toEqual([]);
    expect(Object.keys(next.nodeExtras).sort()).toEqual(['end', 'start']);
  });

  it('connects two steps with an id naming both ends', () => {
    const g = fromDefinition({ nodes: [node('d', 'delay'), node('end', 'end')], edges: [] });
    expect(connect(g, 'd', null, 'end').edges).toEqual([
      expect.objectContaining({ id: 'e_d_end', source: 'd', target: 'end', sourceHandle: null }),
    ]);
  });

  it('replaces one step’s data and no other object', () => {
    const g = graph();
    const next = setNodeData(g, 'invite', (d) => ({ ...d, wait_for_response_days: 3 }));
    expect(byId(next.nodes, 'invite').data.wait_for_response_days).toBe(3);
    expect(next.nodes.filter((n, i) => n !== g.nodes[i]).map((n) => n.id)).toEqual(['invite']);
    expect(setNodeData(g, 'nope', (d) => d)).toBe(g);
  });
});

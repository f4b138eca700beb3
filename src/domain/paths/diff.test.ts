import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, node, scoredFollowUpGraph } from '../testing/fixtures';
import { describeDiff, diffGraphs, jsonEqual } from './diff';

describe('diffGraphs', () => {
  it('finds nothing between equal graphs, whatever the key order', () => {
    const a = scoredFollowUpGraph();
    const b = cloneGraph(a);
    b.nodes[1]!.data = Object.fromEntries(Object.entries(b.nodes[1]!.data).reverse());
    const diff = diffGraphs(a, b);
    expect(diff.same).toBe(true);
    expect(describeDiff(diff)).toBe('No differences');
  });

  it('reports added, removed and changed nodes and edges, and what changed', () => {
    const before = scoredFollowUpGraph();
    const after = cloneGraph(before);
    const thanks = after.nodes.find((n) => n.id === 'thanks')!;
    thanks.data.message_template = 'Changed';
    delete thanks.data.reply_wait_days;
    thanks.position.x += 10;
    after.nodes.find((n) => n.id === 'score')!.type = 'delay';
    after.nodes.find((n) => n.id === 'invite')!.selected = true;
    after.nodes = after.nodes.filter((n) => n.id !== 'withdraw');
    after.nodes.push(node('visit', 'profile_visit'));
    after.edges = after.edges.filter((e) => e.source !== 'withdraw');
    after.edges.find((e) => e.id === 'e_invite_no_response')!.target = 'end';
    after.edges.find((e) => e.id === 'e_thanks_replied')!.sourceHandle = 'no_reply';
    after.edges.push(edge('visit', 'end'));
    const diff = diffGraphs(before, after);
    expect(diff.same).toBe(false);
    expect(diff.nodes.added.map((n) => n.id)).toEqual(['visit']);
    expect(diff.nodes.removed.map((n) => n.id)).toEqual(['withdraw']);
    expect(diff.nodes.changed.map((c) => [c.id, c.changes, c.dataKeys])).toEqual([
      ['score', ['type'], []],
      ['invite', ['extra'], []],
      ['thanks', ['position', 'data'], ['message_template', 'reply_wait_days']],
    ]);
    expect(diff.edges.added.map((e) => e.id)).toEqual(['e_visit_next']);
    expect(diff.edges.removed.map((e) => e.id)).toEqual(['e_withdraw_next']);
    expect(diff.edges.changed.map((c) => [c.id, c.changes])).toEqual([
      ['e_invite_no_response', ['target']],
      ['e_thanks_replied', ['handle']],
    ]);
    expect(describeDiff(diff)).toBe('Steps: 1 added, 1 removed, 3 changed; Connections: 1 added, 1 removed, 2 changed');
  });

  it('treats a null sourceHandle like an absent one, and can ignore moves', () => {
    const a = { nodes: [node('s', 'start', {}, { x: 0, y: 0 })], edges: [edge('s', 't')] };
    const b = { nodes: [node('s', 'start', {}, { x: 5, y: 0 })], edges: [{ ...edge('s', 't'), sourceHandle: null as unknown as string }] };
    const diff = diffGraphs(a, b);
    expect(diff.edges.changed).toEqual([]);
    expect(describeDiff(diff)).toBe('Steps: 1 changed');
    expect(describeDiff(diff, { ignorePositions: true })).toBe('No differences');
  });

  it('compares JSON structurally', () => {
    expect(jsonEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, node, scoredFollowUpGraph } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
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

  it('says what changed on a connection: where it starts, and properties beyond the spec’s own', () => {
    const before = scoredFollowUpGraph();
    const after = cloneGraph(before);
    after.edges.find((e) => e.id === 'e_withdraw_next')!.source = 'thanks';
    after.edges.find((e) => e.id === 'e_start_next')!.label = 'go';
    expect(diffGraphs(before, after).edges.changed.map((c) => [c.id, c.changes])).toEqual([
      ['e_start_next', ['extra']],
      ['e_withdraw_next', ['source']],
    ]);
  });

  it('reads the first of two steps or connections sharing an id, as the validator does', () => {
    const before = {
      nodes: [node('a', 'delay'), node('a', 'end')],
      edges: [edge('a', 'b', undefined, 'e'), edge('a', 'c', undefined, 'e')],
    };
    const after = { nodes: [node('a', 'delay')], edges: [edge('a', 'b', undefined, 'e')] };
    expect(diffGraphs(before, after).same).toBe(true);
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

describe('jsonEqual', () => {
  it('tells apart values of different shapes, lengths and contents', () => {
    expect(jsonEqual(1, 1)).toBe(true);
    expect(jsonEqual(1, 2)).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual(1, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1 }, 1)).toBe(false);
    expect(jsonEqual(NaN, NaN)).toBe(true);
    expect(jsonEqual(NaN, 1)).toBe(false);
    expect(jsonEqual(1, NaN)).toBe(false);
    expect(jsonEqual({}, null)).toBe(false);
    expect(jsonEqual({ 0: 1 }, [1])).toBe(false);
    expect(jsonEqual([1, 2], [1])).toBe(false);
    expect(jsonEqual([1], [1, 2])).toBe(false);
    expect(jsonEqual([1, 2], [1, 3])).toBe(false);
    expect(jsonEqual([1, 2], [2, 2])).toBe(false);
    expect(jsonEqual([], [])).toBe(true);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
  });
});

describe('diffGraphs per kind of difference', () => {
  const one = () => ({ nodes: [node('s', 'start'), node('m', 'message')], edges: [edge('s', 'm')] });

  it('is not the same when only one list differs', () => {
    const cases: Array<[string, (g: ReturnType<typeof one>) => void, string]> = [
      ['step added', (g) => void g.nodes.push(node('x', 'end')), 'Steps: 1 added'],
      ['step removed', (g) => void g.nodes.pop(), 'Steps: 1 removed'],
      ['step changed', (g) => void (g.nodes[1]!.data.message_template = 'x'), 'Steps: 1 changed'],
      ['connection added', (g) => void g.edges.push(edge('m', 's', 'replied')), 'Connections: 1 added'],
      ['connection removed', (g) => void g.edges.pop(), 'Connections: 1 removed'],
      ['connection source', (g) => void (g.edges[0]!.source = 'm'), 'Connections: 1 changed'],
      ['connection extra', (g) => void (g.edges[0]!.label = 'x'), 'Connections: 1 changed'],
    ];
    for (const [name, edit, words] of cases) {
      const after = one();
      edit(after);
      const diff = diffGraphs(one(), after);
      expect([name, diff.same, describeDiff(diff)]).toEqual([name, false, words]);
    }
  });

  it('lists changed data and extra keys, sorted, and names the change of an edge', () => {
    const before = one();
    const after = one();
    Object.assign(after.nodes[1]!.data, { zeta: 1, alpha: 2 });
    Object.assign(after.nodes[1]!, { width: 10, selected: true });
    after.edges[0]!.target = 's';
    after.edges[0]!.sourceHandle = 'replied';
    const diff = diffGraphs(before, after);
    expect(diff.nodes.changed).toMatchObject([
      { id: 'm', changes: ['data', 'extra'], dataKeys: ['alpha', 'zeta'], extraKeys: ['selected', 'width'] },
    ]);
    expect(diff.edges.changed).toMatchObject([{ changes: ['target', 'handle'] }]);
  });

  it('reads a graph without lists as empty', () => {
    const empty = {} as WorkflowDefinition;
    expect(diffGraphs(empty, empty).same).toBe(true);
    expect(describeDiff(diffGraphs(empty, one()))).toBe('Steps: 2 added; Connections: 1 added');
  });

  it('ignoring moves still counts a step moved and edited', () => {
    const after = one();
    after.nodes[1]!.position = { x: 9, y: 9 };
    after.nodes[1]!.data.message_template = 'x';
    after.nodes[0]!.position = { x: 9, y: 9 };
    expect(describeDiff(diffGraphs(one(), after), { ignorePositions: true })).toBe('Steps: 1 changed');
  });
});

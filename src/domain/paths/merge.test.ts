import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, node, scoredFollowUpGraph } from '../testing/fixtures';
import { find } from '../testing/case-helpers';
import { deleteStep, edgeIds, sameGraph, sides } from '../testing/graph-edits';
import type { WorkflowDefinition } from '../workflow-types';
import { chooseAll, mergeGraphs, resolveMerge } from './merge';

describe('mergeGraphs', () => {
  it('takes a change made on one side only, per step and per field', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'score').data.icpThreshold = 80),
      mine: (g) => {
        find(g, 'thanks').data.message_template = 'Hello {{firstName}}';
        find(g, 'score').data.outputVariable = 'fit';
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.threeWay).toBe(true);
    expect(result.conflicts).toEqual([]);
    expect(result.dropped).toEqual([]);
    expect(find(result.merged, 'score').data).toMatchObject({ icpThreshold: 80, outputVariable: 'fit' });
    expect(find(result.merged, 'thanks').data.message_template).toBe('Hello {{firstName}}');
  });

  it('takes the same change on both sides once', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => ((find(g, 'score').data.icpThreshold = 90), g.nodes.push(node('visit', 'profile_visit', {}, { x: 9, y: 9 }))),
      mine: (g) => ((find(g, 'score').data.icpThreshold = 90), g.nodes.push(node('visit', 'profile_visit', {}, { x: 9, y: 9 }))),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.nodes.filter((n) => n.type === 'profile_visit')).toHaveLength(1);
    expect(find(result.merged, 'score').data.icpThreshold).toBe(90);
  });

  it('reports different changes to one field with before, theirs and mine, and resolves each', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'score').data.icpThreshold = 80),
      mine: (g) => void (find(g, 'score').data.icpThreshold = 90),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([
      { kind: 'field', id: 'data:score:icpThreshold', nodeId: 'score', part: 'data', key: 'icpThreshold', base: 70, theirs: 80, mine: 90 },
    ]);
    expect(find(result.merged, 'score').data.icpThreshold).toBe(90);
    const id = result.conflicts[0]!.id;
    expect(find(resolveMerge(result, { [id]: 'theirs' }).graph, 'score').data.icpThreshold).toBe(80);
    expect(find(resolveMerge(result, chooseAll(result.conflicts, 'mine')).graph, 'score').data.icpThreshold).toBe(90);
  });

  it('treats a field removed on one side and changed on the other as a conflict, and a removal as a change', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void delete find(g, 'thanks').data.reply_wait_days,
      mine: (g) => void (find(g, 'thanks').data.reply_wait_days = 9),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'field', key: 'reply_wait_days', theirs: undefined, mine: 9 }]);
    expect('reply_wait_days' in find(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph, 'thanks').data).toBe(false);
  });

  it('never asks about positions: mine when I moved the step, else theirs', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => ((find(g, 'score').position = { x: 1, y: 1 }), (find(g, 'thanks').position = { x: 2, y: 2 })),
      mine: (g) => void (find(g, 'score').position = { x: 3, y: 3 }),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(find(result.merged, 'score').position).toEqual({ x: 3, y: 3 });
    expect(find(result.merged, 'thanks').position).toEqual({ x: 2, y: 2 });
  });

  it('asks when a step deleted on one side was edited on the other, and keeps its connections when kept', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'withdraw'),
      mine: (g) => void (find(g, 'withdraw').data.note = 'kept'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'step', nodeId: 'withdraw', reason: 'deleted_by_them' }]);
    // Resolved as mine: the step stays with its connections (their removal came with the deletion).
    expect(find(result.merged, 'withdraw').data.note).toBe('kept');
    expect(edgeIds(result.merged)).toEqual(edgeIds(base));
    const gone = resolveMerge(result, chooseAll(result.conflicts, 'theirs'));
    expect(gone.graph.nodes.some((n) => n.id === 'withdraw')).toBe(false);
    expect(gone.graph.edges.some((e) => e.source === 'withdraw' || e.target === 'withdraw')).toBe(false);
  });

  it('deletes a step deleted on one side and only moved on the other, without asking', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'withdraw').position = { x: 500, y: 500 }),
      mine: (g) => deleteStep(g, 'withdraw'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.nodes.some((n) => n.id === 'withdraw')).toBe(false);
  });

  it('keeps both steps two people added under one id (each editor names its new Message message_1)', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void g.nodes.push(node('message_1', 'message', { message_template: 'Theirs' })),
      mine: (g) => {
        g.nodes.push(node('message_1', 'message', { message_template: 'Mine' }));
        g.edges.push(edge('message_1', 'end', 'replied'));
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    const added = result.merged.nodes.filter((n) => n.type === 'message' && !base.nodes.some((b) => b.id === n.id));
    expect(added.map((n) => [n.id, n.data.message_template])).toEqual([
      ['message_2', 'Mine'],
      ['message_1', 'Theirs'],
    ]);
    // My connections follow my step.
    expect(result.merged.edges.filter((e) => e.source.startsWith('message_')).map((e) => [e.source, e.sourceHandle, e.target])).toEqual([
      ['message_2', 'replied', 'end'],
    ]);
    expect(result.mine.nodes.map((n) => n.id)).toContain('message_2');
  });

  it('renames my step to an id neither version uses, and its connections to names no connection has', () => {
    // Connections already named like the one my renamed step would get (ids are free text over MCP):
    // one in the base that both removed, one only they have, one only I have.
    const named = (n: string) => edge('withdraw', 'end', undefined, `e_message_3_replied_end${n}`);
    const { base, theirs, mine } = sides({
      theirs: (g) => {
        g.nodes.push(node('message_1', 'message', { message_template: 'Theirs' }));
        g.edges.push(named(''));
      },
      mine: (g) => {
        g.nodes.push(
          node('message_1', 'message', { message_template: 'Mine' }),
          node('message_2', 'message', { message_template: 'Also mine' }),
        );
        g.edges.push(edge('message_1', 'end', 'replied'), named('_1'));
      },
    });
    base.edges.push(named('_2'));
    const result = mergeGraphs(base, theirs, mine);
    const ids = result.merged.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(find(result.merged, 'message_3').data.message_template).toBe('Mine');
    expect(find(result.merged, 'message_2').data.message_template).toBe('Also mine');
    const edgeIdsOf = result.merged.edges.map((e) => e.id);
    expect(new Set(edgeIdsOf).size).toBe(edgeIdsOf.length);
    expect(result.merged.edges.find((e) => e.source === 'message_3')).toMatchObject({ id: 'e_message_3_replied_end_3', target: 'end' });
  });

  it('asks once about an output both connected to their own new step, keeping both steps', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => {
        g.nodes.push(node('delay_1', 'delay', {}, { x: 1, y: 1 }));
        g.edges = g.edges.map((e) =>
          e.id === 'e_invite_no_response' ? edge('invite', 'delay_1', 'no_response', 'e_invite_no_response_delay_1') : e,
        );
      },
      mine: (g) => {
        g.nodes.push(node('delay_1', 'delay', {}, { x: 2, y: 2 }));
        g.edges = g.edges.map((e) =>
          e.id === 'e_invite_no_response' ? edge('invite', 'delay_1', 'no_response', 'e_invite_no_response_delay_1') : e,
        );
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'output', source: 'invite', sourceHandle: 'no_response' }]);
    const target = (g: WorkflowDefinition) =>
      g.edges.filter((e) => e.source === 'invite' && e.sourceHandle === 'no_response').map((e) => e.target);
    expect(target(result.merged)).toEqual(['delay_2']);
    expect(target(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph)).toEqual(['delay_1']);
    expect(result.merged.nodes.filter((n) => n.type === 'delay').map((n) => n.position)).toEqual([
      { x: 2, y: 2 },
      { x: 1, y: 1 },
    ]);
  });

  it('asks once per output both sides connected to different steps', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) =>
        void g.edges.splice(
          g.edges.findIndex((e) => e.id === 'e_invite_no_response'),
          1,
          edge('invite', 'end', 'no_response', 'e1'),
        ),
      mine: (g) =>
        void g.edges.splice(
          g.edges.findIndex((e) => e.id === 'e_invite_no_response'),
          1,
          edge('invite', 'thanks', 'no_response', 'e2'),
        ),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'output', source: 'invite', sourceHandle: 'no_response' }]);
    const out = (g: WorkflowDefinition) => g.edges.filter((e) => e.source === 'invite' && e.sourceHandle === 'no_response');
    expect(out(result.merged).map((e) => e.target)).toEqual(['thanks']);
    expect(out(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph).map((e) => e.target)).toEqual(['end']);
  });

  it('reports a connection changed differently on both sides under one id', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (g.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'a'),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'b'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'connection', edgeId: 'e_withdraw_next', reason: 'changed_by_both' }]);
  });

  it('drops and reports a connection whose end is gone after the merge', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'follow_up'),
      mine: (g) => void g.edges.push(edge('withdraw', 'follow_up', undefined, 'e_new')),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.dropped.map((e) => e.id)).toEqual(['e_new']);
    expect(result.merged.edges.every((e) => result.merged.nodes.some((n) => n.id === e.target))).toBe(true);
  });

  it('without a base asks about every difference (two-way)', () => {
    const { theirs, mine } = sides({
      theirs: (g) => ((find(g, 'score').data.icpThreshold = 80), deleteStep(g, 'withdraw')),
      mine: (g) => void (find(g, 'score').position = { x: 7, y: 7 }),
    });
    const result = mergeGraphs(null, theirs, mine);
    expect(result.threeWay).toBe(false);
    const kinds = result.conflicts.map((c) => `${c.kind}:${'reason' in c ? c.reason : 'key' in c ? c.key : ''}`).sort();
    expect(kinds).toEqual(['connection:only_mine', 'connection:only_mine', 'data:icpThreshold'.replace('data', 'field'), 'step:only_mine']);
    expect(sameGraph(result.merged, mine)).toBe(true);
    expect(
      sameGraph(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph, {
        ...theirs,
        nodes: theirs.nodes.map((n) => (n.id === 'score' ? { ...n, position: { x: 7, y: 7 } } : n)),
      }),
    ).toBe(true);
  });
});

describe('mergeGraphs, the other side of each case', () => {
  it('asks when I deleted a step they edited, and brings it back with its connections when theirs is chosen', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'withdraw').data.note = 'theirs'),
      mine: (g) => deleteStep(g, 'withdraw'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'step', id: 'step:withdraw', nodeId: 'withdraw', reason: 'deleted_by_me' }]);
    expect(result.merged.nodes.some((n) => n.id === 'withdraw')).toBe(false);
    expect(result.merged.edges.some((e) => e.source === 'withdraw' || e.target === 'withdraw')).toBe(false);
    expect(result.dropped).toEqual([]);
    const kept = resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph;
    expect(find(kept, 'withdraw').data.note).toBe('theirs');
    expect(edgeIds(kept)).toEqual(edgeIds(base));
  });

  it('takes a step both added identically once; placed differently, they are two steps', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void g.nodes.push(node('visit', 'profile_visit', {}, { x: 1, y: 1 })),
      mine: (g) => void g.nodes.push(node('visit', 'profile_visit', {}, { x: 2, y: 2 })),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.nodes.filter((n) => n.type === 'profile_visit').map((n) => n.position)).toEqual([
      { x: 2, y: 2 },
      { x: 1, y: 1 },
    ]);
    const same = mergeGraphs(base, theirs, theirs);
    expect(same.merged.nodes.filter((n) => n.type === 'profile_visit').map((n) => [n.id, n.position])).toEqual([['visit', { x: 1, y: 1 }]]);
    const added = mergeGraphs(base, theirs, base);
    expect(find(added.merged, 'visit').position).toEqual({ x: 1, y: 1 });
  });

  it('asks about a connection deleted on one side and changed on the other, either way round', () => {
    const label = (g: WorkflowDefinition, v: string) => void (g.edges.find((e) => e.id === 'e_withdraw_next')!.label = v);
    const drop = (g: WorkflowDefinition) => void (g.edges = g.edges.filter((e) => e.id !== 'e_withdraw_next'));
    const t = sides({ theirs: drop, mine: (g) => label(g, 'm') });
    const byThem = mergeGraphs(t.base, t.theirs, t.mine);
    expect(byThem.conflicts).toMatchObject([{ kind: 'connection', id: 'connection:e_withdraw_next', reason: 'deleted_by_them' }]);
    expect(byThem.merged.edges.find((e) => e.id === 'e_withdraw_next')?.label).toBe('m');
    expect(resolveMerge(byThem, chooseAll(byThem.conflicts, 'theirs')).graph.edges.some((e) => e.id === 'e_withdraw_next')).toBe(false);
    const s = sides({ theirs: (g) => label(g, 't'), mine: drop });
    const byMe = mergeGraphs(s.base, s.theirs, s.mine);
    expect(byMe.conflicts).toMatchObject([{ kind: 'connection', reason: 'deleted_by_me' }]);
    expect(byMe.merged.edges.some((e) => e.id === 'e_withdraw_next')).toBe(false);
    expect(resolveMerge(byMe, chooseAll(byMe.conflicts, 'theirs')).graph.edges.find((e) => e.id === 'e_withdraw_next')?.label).toBe('t');
  });

  it('removes a connection deleted on one side and untouched on the other, and takes a one-sided change', () => {
    const s = sides({
      theirs: (g) => void (g.edges = g.edges.filter((e) => e.id !== 'e_withdraw_next')),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_thanks_replied')!.label = 'm'),
    });
    const result = mergeGraphs(s.base, s.theirs, s.mine);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.edges.some((e) => e.id === 'e_withdraw_next')).toBe(false);
    expect(result.merged.edges.find((e) => e.id === 'e_thanks_replied')?.label).toBe('m');
    const other = mergeGraphs(s.base, s.mine, s.theirs);
    expect(other.conflicts).toEqual([]);
    expect(other.merged.edges.some((e) => e.id === 'e_withdraw_next')).toBe(false);
    expect(other.merged.edges.find((e) => e.id === 'e_thanks_replied')?.label).toBe('m');
  });

  it('asks about a connection both added under one id to different places, not when identical', () => {
    const s = sides({
      theirs: (g) => void g.edges.push({ ...edge('withdraw', 'end', undefined, 'e_x'), label: 't' }),
      mine: (g) => void g.edges.push({ ...edge('withdraw', 'end', undefined, 'e_x'), label: 'm' }),
    });
    const result = mergeGraphs(s.base, s.theirs, s.mine);
    expect(result.conflicts).toMatchObject([{ kind: 'connection', id: 'connection:e_x', reason: 'added_by_both' }]);
    expect(result.merged.edges.find((e) => e.id === 'e_x')?.label).toBe('m');
    expect(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph.edges.find((e) => e.id === 'e_x')?.label).toBe('t');
    const same = mergeGraphs(s.base, s.theirs, s.theirs);
    expect(same.conflicts).toEqual([]);
    expect(same.merged.edges.filter((e) => e.id === 'e_x')).toHaveLength(1);
  });

  it('merges kinds of step and extra properties like fields', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => {
        find(g, 'withdraw').type = 'delay';
        find(g, 'invite').style = { color: 'red' };
        find(g, 'thanks').width = 200;
        find(g, 'end').selected = true;
      },
      mine: (g) => {
        find(g, 'withdraw').type = 'message';
        find(g, 'invite').style = { color: 'blue' };
        find(g, 'thanks').data.message_template = 'mine';
        find(g, 'end').data.note = 'mine';
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([
      {
        kind: 'field',
        id: 'extra:invite:style',
        nodeId: 'invite',
        part: 'extra',
        key: 'style',
        base: undefined,
        theirs: { color: 'red' },
        mine: { color: 'blue' },
      },
      {
        kind: 'field',
        id: 'type:withdraw:type',
        nodeId: 'withdraw',
        part: 'type',
        key: 'type',
        base: 'cancel_invitation',
        theirs: 'delay',
        mine: 'message',
      },
    ]);
    expect(find(result.merged, 'withdraw').type).toBe('message');
    expect(find(result.merged, 'thanks')).toMatchObject({ width: 200, data: { message_template: 'mine' } });
    expect(find(result.merged, 'end')).toMatchObject({ selected: true, data: { note: 'mine' } });
    const theirsAll = resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph;
    expect(find(theirsAll, 'withdraw').type).toBe('delay');
    expect(find(theirsAll, 'invite').style).toEqual({ color: 'red' });
  });

  it('takes their type change and removes an extra property they removed', () => {
    const base = scoredFollowUpGraph();
    find(base, 'invite').style = { color: 'red' };
    const theirs = cloneGraph(base);
    const mine = cloneGraph(base);
    find(theirs, 'withdraw').type = 'delay';
    delete find(theirs, 'invite').style;
    find(mine, 'invite').data.note = 'mine';
    find(mine, 'withdraw').position = { x: 5, y: 5 };
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(find(result.merged, 'withdraw')).toMatchObject({ type: 'delay', position: { x: 5, y: 5 } });
    expect('style' in find(result.merged, 'invite')).toBe(false);
    expect(find(result.merged, 'invite').data.note).toBe('mine');
  });

  it('without a base, asks about steps only in their version and takes them when chosen', () => {
    const { theirs, mine } = sides({ theirs: (g) => void g.nodes.push(node('visit', 'profile_visit')) });
    const result = mergeGraphs(null, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'step', nodeId: 'visit', reason: 'only_theirs' }]);
    expect(result.merged.nodes.some((n) => n.id === 'visit')).toBe(false);
    expect(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph.nodes.some((n) => n.id === 'visit')).toBe(true);
  });

  it('without a base, asks about connections that differ, or that only they have', () => {
    const { theirs, mine } = sides({
      theirs: (g) => {
        g.edges.find((e) => e.id === 'e_withdraw_next')!.label = 't';
        g.edges.push(edge('withdraw', 'end_unqualified', undefined, 'e_t'));
      },
    });
    const result = mergeGraphs(null, theirs, mine);
    expect(result.conflicts.map((c) => [c.kind, 'reason' in c ? c.reason : ''])).toEqual([
      ['connection', 'changed_by_both'],
      ['connection', 'only_theirs'],
    ]);
    expect(sameGraph(result.merged, mine)).toBe(true);
    expect(sameGraph(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph, theirs)).toBe(true);
  });
});

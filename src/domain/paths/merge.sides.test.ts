import { describe, expect, it } from 'vitest';
import { edge, node } from '../testing/fixtures';
import { find } from '../testing/case-helpers';
import { deleteStep, edgeIds, sides } from '../testing/graph-edits';
import type { WorkflowDefinition } from '../workflow-types';
import { chooseAll, mergeGraphs, resolveMerge } from './merge';

// Three-way merges where both sides touched the same step or connection in different ways (more cases: merge.test.ts).

describe('mergeGraphs when both sides touched one step', () => {
  it('takes my change of kind and their edit of a field without asking', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'withdraw').data.note = 'theirs'),
      mine: (g) => void (find(g, 'withdraw').type = 'delay'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(find(result.merged, 'withdraw')).toMatchObject({ type: 'delay', data: { note: 'theirs' } });
  });

  it('keeps where they moved a step I edited, with my edit', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'thanks').position = { x: 700, y: 700 }),
      mine: (g) => void (find(g, 'thanks').data.message_template = 'Mine'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(find(result.merged, 'thanks')).toMatchObject({ position: { x: 700, y: 700 }, data: { message_template: 'Mine' } });
  });

  it('asks when they deleted a step I moved and edited', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'withdraw'),
      mine: (g) => {
        find(g, 'withdraw').position = { x: 900, y: 900 };
        find(g, 'withdraw').data.note = 'kept';
      },
    });
    expect(mergeGraphs(base, theirs, mine).conflicts).toMatchObject([{ kind: 'step', nodeId: 'withdraw', reason: 'deleted_by_them' }]);
  });

  it('deletes a step I deleted and they left alone, without asking', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (find(g, 'thanks').data.message_template = 'Theirs'),
      mine: (g) => deleteStep(g, 'withdraw'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.nodes.map((n) => n.id)).not.toContain('withdraw');
    expect(find(result.merged, 'thanks').data.message_template).toBe('Theirs');
  });

  it('reads the first of two steps sharing an id, and keeps only it', () => {
    const { base, theirs, mine } = sides({
      mine: (g) => {
        find(g, 'withdraw').position = { x: 9, y: 9 };
        g.nodes.push(node('withdraw', 'end'));
      },
    });
    const merged = mergeGraphs(base, theirs, mine).merged;
    expect(merged.nodes.filter((n) => n.id === 'withdraw')).toEqual([{ ...find(mine, 'withdraw'), type: 'cancel_invitation' }]);
  });
});

describe('mergeGraphs when both sides touched one connection', () => {
  it('takes their version of a connection both changed when chosen', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (g.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'a'),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'b'),
    });
    const result = mergeGraphs(base, theirs, mine);
    const label = (g: WorkflowDefinition) => g.edges.find((e) => e.id === 'e_withdraw_next')!.label;
    expect(label(result.merged)).toBe('b');
    expect(label(resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph)).toBe('a');
  });

  it('asks one question, about the output, when both sides pointed one connection elsewhere', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (g.edges.find((e) => e.id === 'e_invite_no_response')!.target = 'end'),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_invite_no_response')!.target = 'thanks'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'output', source: 'invite', sourceHandle: 'no_response' }]);
    expect(result.merged.edges.find((e) => e.id === 'e_invite_no_response')!.target).toBe('thanks');
    expect(edgeIds(result.merged)).toEqual(edgeIds(base));
  });

  it('resolves each output by its own choice', () => {
    const retarget = (g: WorkflowDefinition, id: string, target: string) => void (g.edges.find((e) => e.id === id)!.target = target);
    const { base, theirs, mine } = sides({
      theirs: (g) => {
        retarget(g, 'e_invite_no_response', 'end');
        retarget(g, 'e_thanks_no_reply', 'end');
      },
      mine: (g) => {
        retarget(g, 'e_invite_no_response', 'thanks');
        retarget(g, 'e_thanks_no_reply', 'withdraw');
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    const [invite, thanks] = result.conflicts;
    expect([invite, thanks].map((c) => c?.kind)).toEqual(['output', 'output']);
    const graph = resolveMerge(result, { [invite!.id]: 'theirs', [thanks!.id]: 'mine' }).graph;
    const target = (id: string) => graph.edges.find((e) => e.id === id)!.target;
    expect([target('e_invite_no_response'), target('e_thanks_no_reply')]).toEqual(['end', 'withdraw']);
  });

  it('asks about the output when they disconnected it and I pointed it elsewhere', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => void (g.edges = g.edges.filter((e) => e.id !== 'e_invite_no_response')),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_invite_no_response')!.target = 'end'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'output', source: 'invite', sourceHandle: 'no_response', theirs: [] }]);
    const chosen = resolveMerge(result, chooseAll(result.conflicts, 'theirs')).graph;
    expect(chosen.edges.some((e) => e.source === 'invite' && e.sourceHandle === 'no_response')).toBe(false);
  });

  it('does not count their removal of a connection into a step they deleted as rewiring its output', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'withdraw'),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_invite_no_response')!.target = 'end'),
    });
    expect(mergeGraphs(base, theirs, mine).conflicts).toMatchObject([
      { kind: 'connection', edgeId: 'e_invite_no_response', reason: 'deleted_by_them' },
    ]);
  });

  it('leaves the outputs of a step they deleted to that step: my rewiring of it is one question about the connection', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'thanks'),
      mine: (g) => void (g.edges.find((e) => e.id === 'e_thanks_no_reply')!.target = 'end'),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toMatchObject([{ kind: 'connection', edgeId: 'e_thanks_no_reply', reason: 'deleted_by_them' }]);
    expect(result.dropped.map((e) => e.id)).toEqual(['e_thanks_no_reply']);
  });

  it('takes a step and its connection only they added', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => {
        g.nodes.push(node('extra', 'delay'));
        g.edges.push(edge('extra', 'end'));
      },
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(edgeIds(result.merged)).toEqual(edgeIds(theirs));
  });

  it('drops only the connection whose end is gone, keeping every other', () => {
    const { base, theirs, mine } = sides({
      theirs: (g) => deleteStep(g, 'follow_up'),
      mine: (g) => void g.edges.push(edge('withdraw', 'follow_up', undefined, 'e_new')),
    });
    const result = mergeGraphs(base, theirs, mine);
    expect(result.dropped.map((e) => e.id)).toEqual(['e_new']);
    expect(edgeIds(result.merged)).toEqual(edgeIds(theirs));
  });
});

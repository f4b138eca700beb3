import { describe, expect, it } from 'vitest';
import {
  connectionOnlyGraph,
  denseInvalidGraph,
  emailPushFallbackGraph,
  followUpChain,
  inmailFallbackGraph,
  scoredFollowUpGraph,
} from '../testing/fixtures';
import { canConnect, hasErrors, reachableIds, validateWorkflow, violationsByEdge, violationsByNode } from './index';
import { violation } from './violation';

describe('spec 3.3 routing patterns are valid', () => {
  it.each([
    ['connection only, both outputs to one end', connectionOnlyGraph],
    ['scoring, follow-ups and withdrawal', scoredFollowUpGraph],
    ['InMail fallback', inmailFallbackGraph],
    ['email-push fallback', emailPushFallbackGraph],
    ['500-node follow-up chain', () => followUpChain(500)],
  ])('%s', (_name, build) => {
    expect(validateWorkflow(build(), { senders: [{ accountId: 'acc', premium: false }] })).toEqual([]);
    expect(validateWorkflow(JSON.parse(JSON.stringify(build())))).toEqual([]);
  });

  it('builds the 500-node chain with 997 edges', () => {
    const g = followUpChain(500);
    expect([g.nodes.length, g.edges.length]).toEqual([500, 997]);
    expect(denseInvalidGraph().edges).toHaveLength(2000);
    expect(hasErrors(validateWorkflow(denseInvalidGraph()))).toBe(true);
  });
});

describe('violationsByNode / violationsByEdge', () => {
  it('groups violations by what they are pinned on', () => {
    const g = scoredFollowUpGraph();
    g.edges.find((e) => e.id === 'e_thanks_replied')!.target = 'follow_up';
    g.edges.find((e) => e.id === 'e_thanks_no_reply')!.target = 'end';
    const v = validateWorkflow(g);
    expect(
      violationsByNode(v)
        .get('thanks')
        ?.map((x) => x.code),
    ).toEqual(['replied_target']);
    expect(
      violationsByEdge(v)
        .get('e_thanks_replied')
        ?.map((x) => x.code),
    ).toEqual(['replied_target']);
    expect(violationsByNode([]).size).toBe(0);
  });

  it('keeps every violation of a step or connection, in order, and leaves out unpinned ones', () => {
    const first = violation('cycle', 'A', { nodeId: 'a', edgeId: 'e' });
    const unpinned = violation('start_count', 'B');
    const second = violation('unreachable_node', 'C', { nodeId: 'a' });
    expect(violationsByNode([first, unpinned, second])).toEqual(new Map([['a', [first, second]]]));
    expect(violationsByEdge([first, unpinned, second])).toEqual(new Map([['e', [first]]]));
  });
});

describe('canConnect (connect-time guard)', () => {
  const g = () => {
    const graph = scoredFollowUpGraph();
    graph.edges = graph.edges.filter((e) => e.id !== 'e_follow_up_no_reply');
    return graph;
  };

  it('allows a free output to a later step', () => {
    expect(canConnect(g(), { source: 'follow_up', sourceHandle: 'no_reply', target: 'end' })).toEqual({ ok: true });
  });

  it.each([
    ['a loop', { source: 'follow_up', sourceHandle: 'no_reply', target: 'thanks' }, 'This connection would make a loop'],
    ['a self loop', { source: 'follow_up', sourceHandle: 'no_reply', target: 'follow_up' }, 'A step cannot lead to itself'],
    [
      'a used output',
      { source: 'thanks', sourceHandle: 'no_reply', target: 'end' },
      'The “No reply” output of Message is already connected: drag the end of its connection to another step to re-wire it',
    ],
    [
      'a used single output',
      { source: 'withdraw', sourceHandle: null, target: 'end_unqualified' },
      'Withdraw invitation is already connected: drag the end of its connection to another step to re-wire it',
    ],
    ['into start', { source: 'follow_up', sourceHandle: 'no_reply', target: 'start' }, 'Nothing may lead into Start'],
    ['out of end', { source: 'end', target: 'follow_up' }, 'End is the last step: nothing leaves it'],
    [
      'a missing handle on a branch',
      { source: 'follow_up', target: 'end' },
      'Choose an output of Template message: “Replied” or “No reply”',
    ],
    ['an unknown handle', { source: 'follow_up', sourceHandle: 'maybe', target: 'end' }, 'Template message has no output “maybe”'],
    ['a handle on a single output', { source: 'start', sourceHandle: 'x', target: 'end' }, 'Start has one output, not “x”'],
    ['an unknown source', { source: 'ghost', target: 'end' }, 'Both ends must be steps of this campaign'],
    ['an unknown target', { source: 'follow_up', sourceHandle: 'no_reply', target: 'ghost' }, 'Both ends must be steps of this campaign'],
  ])('refuses %s', (_name, attempt, reason) => {
    expect(canConnect(g(), attempt)).toEqual({ ok: false, reason });
  });

  it('refuses an edge out of a step of unknown type', () => {
    const graph = g();
    graph.nodes.push({ id: 'odd', type: 'bogus' as never, position: { x: 0, y: 0 }, data: {} });
    expect(canConnect(graph, { source: 'odd', target: 'end' })).toEqual({
      ok: false,
      reason: 'This step has a type the studio does not know',
    });
  });

  it('never throws on garbage', () => {
    for (const input of [null, 1, 'x', [], { nodes: 5, edges: {} }]) expect(canConnect(input, { source: 'a', target: 'b' }).ok).toBe(false);
  });
});

describe('reachableIds (moving a step with everything after it)', () => {
  it('is the step and every step after it; nothing for an unknown step', () => {
    const { nodes, edges } = scoredFollowUpGraph();
    expect(reachableIds(nodes, edges, 'thanks')).toEqual(new Set(['thanks', 'follow_up', 'end']));
    expect(reachableIds(nodes, edges, 'ghost')).toEqual(new Set());
  });
});

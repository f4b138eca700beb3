import { describe, expect, it } from 'vitest';
import {
  connectionOnlyGraph,
  denseInvalidGraph,
  emailPushFallbackGraph,
  followUpChain,
  inmailFallbackGraph,
  scoredFollowUpGraph,
} from '../testing/fixtures';
import { canConnect, hasErrors, validateWorkflow, violationsByEdge, violationsByNode } from './index';

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
    ['a loop', { source: 'follow_up', sourceHandle: 'no_reply', target: 'thanks' }, /loop/],
    ['a self loop', { source: 'follow_up', sourceHandle: 'no_reply', target: 'follow_up' }, /itself/],
    ['a used output', { source: 'thanks', sourceHandle: 'no_reply', target: 'end' }, /already/],
    ['a used single output', { source: 'withdraw', sourceHandle: null, target: 'end_unqualified' }, /already/],
    ['into start', { source: 'follow_up', sourceHandle: 'no_reply', target: 'start' }, /Start/],
    ['out of end', { source: 'end', target: 'follow_up' }, /End/],
    ['a missing handle on a branch', { source: 'follow_up', target: 'end' }, /Choose an output/],
    ['an unknown handle', { source: 'follow_up', sourceHandle: 'maybe', target: 'end' }, /no output/],
    ['a handle on a single output', { source: 'start', sourceHandle: 'x', target: 'end' }, /one output/],
    ['an unknown node', { source: 'ghost', target: 'end' }, /nodes of this workflow/],
  ])('refuses %s', (_name, attempt, reason) => {
    const verdict = canConnect(g(), attempt);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });

  it('never throws on garbage', () => {
    for (const input of [null, 1, 'x', [], { nodes: 5, edges: {} }]) expect(canConnect(input, { source: 'a', target: 'b' }).ok).toBe(false);
  });
});

import { expect } from 'vitest';
import type { ViolationCase } from './violation-cases';
import { find, edgeOf, without } from './case-helpers';
import { connectionOnlyGraph, edge, emailPushFallbackGraph, inmailFallbackGraph, node, scoredFollowUpGraph } from './fixtures';

/** The graph rules of spec 4.1: start, scoring, outputs, routing, shape, source handles. */
export const RULES_CASES: ViolationCase[] = [
  {
    code: 'start_count',
    name: 'no start',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes = g.nodes.filter((n) => n.id !== 'start');
      g.edges = g.edges.slice(1);
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { rule: '4.1.1' },
  },
  {
    code: 'start_count',
    name: 'two starts',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push(node('start_2', 'start'));
      g.edges.push(edge('start_2', 'invite'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'start_2' },
  },
  {
    code: 'start_incoming',
    name: 'withdrawal back to start',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_withdraw_next').target = 'start';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'start', edgeId: 'e_withdraw_next' },
  },
  {
    code: 'start_target',
    name: 'start straight to end',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges[0]!.target = 'end';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'start', edgeId: 'e_start_next' },
  },
  {
    code: 'start_target',
    name: 'start without edge',
    broken: () => without(connectionOnlyGraph(), 'e_start_next'),
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'start' },
  },
  {
    code: 'start_target',
    name: 'start with two edges',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges.push(edge('start', 'end', undefined, 'second'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { edgeId: 'second' },
  },
  {
    code: 'scoring_count',
    name: 'a second scoring after qualified',
    broken: () => {
      const g = scoredFollowUpGraph();
      g.nodes.push(node('score_2', 'icp_scoring'));
      edgeOf(g, 'e_score_qualified').target = 'score_2';
      g.edges.push(edge('score_2', 'invite', 'qualified'), edge('score_2', 'end', 'not_qualified'));
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'score_2' },
  },
  {
    code: 'scoring_position',
    name: 'scoring after the invitation',
    broken: () => ({
      nodes: [
        node('start', 'start'),
        node('invite', 'connection_request'),
        node('score', 'icp_scoring'),
        node('thanks', 'message'),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'invite'),
        edge('invite', 'score', 'accepted'),
        edge('invite', 'end', 'no_response'),
        edge('score', 'thanks', 'qualified'),
        edge('score', 'end', 'not_qualified'),
        edge('thanks', 'end', 'replied'),
        edge('thanks', 'end', 'no_reply'),
      ],
    }),
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'score' },
  },
  {
    code: 'scoring_bypassed',
    name: 'not_qualified leads to a message',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_score_not_qualified').target = 'thanks';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks' },
  },
  {
    code: 'scoring_bypassed',
    name: 'an email push beside the scoring',
    broken: () => {
      const g = scoredFollowUpGraph();
      g.nodes.push(node('trigger', 'website_visitor_trigger'), node('push', 'email_campaign_push_3'));
      g.edges.push(edge('trigger', 'push'), edge('push', 'end'));
      g.edges.find((e) => e.id === 'e_start_next')!.target = 'trigger';
      g.edges.push(edge('push', 'score', undefined, 'push_to_score'));
      g.edges = g.edges.filter((e) => e.id !== 'e_push_next');
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'push' },
  },
  {
    code: 'not_qualified_target',
    name: 'not_qualified to a profile visit',
    broken: () => {
      const g = scoredFollowUpGraph();
      g.nodes.push(node('visit', 'profile_visit'));
      g.edges.push(edge('visit', 'end'));
      edgeOf(g, 'e_score_not_qualified').target = 'visit';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'score', edgeId: 'e_score_not_qualified', handle: 'not_qualified', rule: '4.1.2' },
  },
  {
    code: 'missing_output',
    name: 'no_reply not wired',
    broken: () => without(scoredFollowUpGraph(), 'e_thanks_no_reply'),
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', handle: 'no_reply', rule: '4.1.6' },
  },
  {
    code: 'missing_output',
    name: 'no_response not wired',
    broken: () => without(connectionOnlyGraph(), 'e_invite_no_response'),
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', handle: 'no_response', rule: '4.1.4' },
  },
  {
    code: 'missing_output',
    name: 'withdrawal leads nowhere',
    broken: () => without(scoredFollowUpGraph(), 'e_withdraw_next'),
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'withdraw', rule: '4.1.11' },
  },
  {
    code: 'duplicate_output',
    name: 'accepted twice',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges.push(edge('invite', 'end', 'accepted', 'extra'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', edgeId: 'extra', handle: 'accepted', rule: '4.1.4' },
  },
  {
    code: 'withdraw_after_accept',
    name: 'accepted leads to withdrawal',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_invite_accepted').target = 'withdraw';
      edgeOf(g, 'e_invite_no_response').target = 'end';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'withdraw', edgeId: 'e_invite_accepted', rule: '4.1.5' },
  },
  {
    code: 'replied_target',
    name: 'replied leads to a follow-up',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_thanks_replied').target = 'follow_up';
      edgeOf(g, 'e_thanks_no_reply').target = 'end';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', edgeId: 'e_thanks_replied', handle: 'replied' },
  },
  {
    code: 'redundant_delay',
    name: 'a delay after no_reply',
    broken: () => {
      const g = scoredFollowUpGraph();
      g.nodes.push(node('wait', 'delay'));
      edgeOf(g, 'e_thanks_no_reply').target = 'wait';
      g.edges.push(edge('wait', 'follow_up'));
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'wait', edgeId: 'e_thanks_no_reply', rule: '4.1.7' },
  },
  {
    code: 'email_push_config',
    name: 'no credential',
    broken: () => {
      const g = emailPushFallbackGraph();
      find(g, 'push').data.credential_id = ' ';
      return g;
    },
    fixed: emailPushFallbackGraph,
    expected: { nodeId: 'push', path: 'nodes.3.data.credential_id', rule: '4.1.9' },
  },
  {
    code: 'email_push_config',
    name: 'no campaign',
    broken: () => {
      const g = emailPushFallbackGraph();
      delete find(g, 'push').data.campaign_id;
      return g;
    },
    fixed: emailPushFallbackGraph,
    expected: { nodeId: 'push', path: 'nodes.3.data.campaign_id' },
  },
  {
    code: 'inmail_premium',
    name: 'a known sender without premium',
    context: {
      senders: [
        { accountId: 'acc_free', premium: false, name: 'Robin Free' },
        { accountId: 'acc_pro', premium: true, name: 'Sam Pro' },
      ],
    },
    broken: () => {
      const g = inmailFallbackGraph();
      find(g, 'inmail').data.only_open_profiles = false;
      return g;
    },
    fixed: inmailFallbackGraph,
    expected: { nodeId: 'inmail', severity: 'error', rule: '4.1.10', message: expect.stringContaining('Robin Free') },
  },
  {
    code: 'cycle',
    name: 'follow-up loops back',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_follow_up_no_reply').target = 'thanks';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { edgeId: 'e_follow_up_no_reply' },
  },
  {
    code: 'cycle',
    name: 'self loop',
    broken: () => {
      const g = scoredFollowUpGraph();
      edgeOf(g, 'e_withdraw_next').target = 'withdraw';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { edgeId: 'e_withdraw_next', nodeId: 'withdraw' },
  },
  {
    code: 'unreachable_node',
    name: 'an orphan step',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push(node('visit', 'profile_visit'));
      g.edges.push(edge('visit', 'end'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'visit', rule: '4.1.11' },
  },
  {
    code: 'end_outgoing',
    name: 'end leads on',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push(node('end_2', 'end'));
      g.edges.push(edge('end', 'end_2'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'end', edgeId: 'e_end_next' },
  },
  {
    code: 'missing_source_handle',
    name: 'branch edge without handle',
    broken: () => {
      const g = connectionOnlyGraph();
      delete g.edges[1]!.sourceHandle;
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', edgeId: 'e_invite_accepted', rule: '4.1.12' },
  },
  {
    code: 'unexpected_source_handle',
    name: 'single output with handle',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges[0]!.sourceHandle = 'out';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'start', edgeId: 'e_start_next', handle: 'out' },
  },
  {
    code: 'unknown_source_handle',
    name: 'misspelt handle',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges[1]!.sourceHandle = 'accept';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', edgeId: 'e_invite_accepted', handle: 'accept' },
  },
];

import { describe, expect, it } from 'vitest';
import { edgeOf, VIOLATION_CASES, without } from '../testing/violation-cases';
import { edge, node, scoredFollowUpGraph } from '../testing/fixtures';
import type { Violation, ViolationCode } from '../workflow-types';
import { validateWorkflow } from './index';

/**
 * The whole report of a graph that breaks the rules of spec 4.1 and the routing of spec 3.3: every
 * violation, in order, with its words and what it is pinned on — what the canvas badges and an
 * agent's error show. Nothing more is said than the problem (no echo from a rule that does not apply).
 */

const report = (caseName: string): Violation[] => {
  const found = VIOLATION_CASES.find((c) => c.name === caseName);
  if (!found) throw new Error(`no violation case “${caseName}”`);
  return validateWorkflow(found.broken(), found.context);
};
const v = (code: ViolationCode, rule: string, message: string, at: Partial<Violation> = {}): Violation => ({
  code,
  rule,
  severity: 'error',
  message,
  ...at,
});
const unreachable = (name: string, nodeId: string) => v('unreachable_node', '4.1.11', `${name} cannot be reached from Start`, { nodeId });
const loop = (from: string, to: string, edgeId: string, handle?: string) =>
  v('cycle', '4.1.11', `This connection from ${from} to ${to} is part of a loop`, { edgeId, ...(handle ? { handle } : {}) });

describe('Start (spec 4.1 rule 1)', () => {
  it('without one, says only that', () => {
    expect(report('no start')).toStrictEqual([v('start_count', '4.1.1', 'The workflow needs one Start step')]);
  });

  it('asks to remove a second one', () => {
    expect(report('two starts')).toStrictEqual([
      v('start_count', '4.1.1', 'Only one Start step is allowed: remove this one', { nodeId: 'start_2' }),
    ]);
  });

  it('refuses what leads into it (and the loop that makes)', () => {
    expect(report('withdrawal back to start')).toStrictEqual([
      v('start_incoming', '4.1.1', 'Nothing may lead into Start', { nodeId: 'start', edgeId: 'e_withdraw_next' }),
      loop('Start', 'ICP scoring', 'e_start_next'),
      loop('ICP scoring', 'Connection request', 'e_score_qualified', 'qualified'),
      loop('Connection request', 'Withdraw invitation', 'e_invite_no_response', 'no_response'),
      loop('Withdraw invitation', 'Start', 'e_withdraw_next'),
    ]);
  });

  it('leads to one real step', () => {
    expect(report('start straight to end')).toStrictEqual([
      v('start_target', '4.1.1', 'Start must lead to a step, not straight to End', { nodeId: 'start', edgeId: 'e_start_next' }),
      unreachable('Connection request', 'invite'),
    ]);
    expect(report('start without edge')).toStrictEqual([
      v('start_target', '4.1.1', 'Connect Start to the first step', { nodeId: 'start' }),
      unreachable('Connection request', 'invite'),
      unreachable('End', 'end'),
    ]);
    expect(report('start with two edges')).toStrictEqual([
      v('start_target', '4.1.1', 'Start has exactly one connection: remove this one', { nodeId: 'start', edgeId: 'second' }),
      v('start_target', '4.1.1', 'Start must lead to a step, not straight to End', { nodeId: 'start', edgeId: 'second' }),
    ]);
  });
});

describe('ICP scoring (spec 4.1 rules 1–3)', () => {
  it('is one step, right after Start', () => {
    expect(report('a second scoring after qualified')).toStrictEqual([
      v('scoring_count', '4.1.1', 'Only one ICP scoring step is allowed: remove this one', { nodeId: 'score_2' }),
      v('scoring_position', '4.1.1', 'ICP scoring must come directly after Start', { nodeId: 'score_2' }),
      v('scoring_position', '4.1.1', 'Only Start may lead into ICP scoring', { nodeId: 'score_2', edgeId: 'e_score_qualified' }),
    ]);
    expect(report('scoring after the invitation')).toStrictEqual([
      v('scoring_position', '4.1.1', 'ICP scoring must come directly after Start', { nodeId: 'score' }),
      v('scoring_position', '4.1.1', 'Only Start may lead into ICP scoring', { nodeId: 'score', edgeId: 'e_invite_accepted' }),
      v('scoring_bypassed', '4.1.3', 'Connection request can be reached without passing ICP scoring’s “Qualified” output', {
        nodeId: 'invite',
      }),
    ]);
  });

  it('is told to come after Start when nothing leads into it', () => {
    const g = scoredFollowUpGraph();
    edgeOf(g, 'e_start_next').target = 'invite';
    expect(validateWorkflow(g).filter((x) => x.code.startsWith('scoring'))).toStrictEqual([
      v('scoring_position', '4.1.1', 'ICP scoring must come directly after Start', { nodeId: 'score' }),
      v('scoring_bypassed', '4.1.3', 'Connection request can be reached without passing ICP scoring’s “Qualified” output', {
        nodeId: 'invite',
      }),
      v('scoring_bypassed', '4.1.3', 'Message can be reached without passing ICP scoring’s “Qualified” output', { nodeId: 'thanks' }),
      v('scoring_bypassed', '4.1.3', 'Template message can be reached without passing ICP scoring’s “Qualified” output', {
        nodeId: 'follow_up',
      }),
    ]);
  });

  it('sends “Not qualified” to End, and nothing is sent around it', () => {
    expect(report('not_qualified leads to a message')).toStrictEqual([
      v('not_qualified_target', '4.1.2', 'Connect “Not qualified” straight to End: nothing is sent to prospects who do not qualify', {
        nodeId: 'score',
        edgeId: 'e_score_not_qualified',
        handle: 'not_qualified',
      }),
      v('scoring_bypassed', '4.1.3', 'Message can be reached without passing ICP scoring’s “Qualified” output', { nodeId: 'thanks' }),
      v('scoring_bypassed', '4.1.3', 'Template message can be reached without passing ICP scoring’s “Qualified” output', {
        nodeId: 'follow_up',
      }),
      unreachable('End 2', 'end_unqualified'),
    ]);
  });

  it('is passed only by its own “Qualified” output, not by another step’s output misnamed so', () => {
    const g = scoredFollowUpGraph();
    edgeOf(g, 'e_score_not_qualified').target = 'thanks';
    edgeOf(g, 'e_thanks_no_reply').sourceHandle = 'qualified';
    const bypassed = validateWorkflow(g).filter((x) => x.code === 'scoring_bypassed');
    expect(bypassed.map((x) => x.nodeId)).toEqual(['thanks', 'follow_up']);
  });

  it('has both outputs connected (rule 2)', () => {
    expect(validateWorkflow(without(scoredFollowUpGraph(), 'e_score_not_qualified'))).toStrictEqual([
      v('missing_output', '4.1.2', 'Connect the “Not qualified” output of ICP scoring', { nodeId: 'score', handle: 'not_qualified' }),
      unreachable('End 2', 'end_unqualified'),
    ]);
  });
});

describe('outputs (spec 2.4, 4.1 rules 4, 11, 12)', () => {
  it('a single output has one connection', () => {
    expect(report('withdrawal leads nowhere')).toStrictEqual([
      v('missing_output', '4.1.11', 'Connect the output of Withdraw invitation', { nodeId: 'withdraw' }),
    ]);
    const g = scoredFollowUpGraph();
    g.edges.push(edge('withdraw', 'end_unqualified', undefined, 'again'));
    expect(validateWorkflow(g)).toStrictEqual([
      v('duplicate_output', '2', 'Withdraw invitation has one output, so one connection: remove this one', {
        nodeId: 'withdraw',
        edgeId: 'again',
      }),
    ]);
  });

  it('each output of a branching step has one connection', () => {
    expect(report('accepted twice')).toStrictEqual([
      v('duplicate_output', '4.1.4', 'The “Accepted” output of Connection request has more than one connection', {
        nodeId: 'invite',
        edgeId: 'extra',
        handle: 'accepted',
      }),
    ]);
  });

  it('a connection names the output it leaves by, exactly when there are several', () => {
    const accepted = v('missing_output', '4.1.4', 'Connect the “Accepted” output of Connection request', {
      nodeId: 'invite',
      handle: 'accepted',
    });
    expect(report('branch edge without handle')).toStrictEqual([
      v(
        'missing_source_handle',
        '4.1.12',
        'Say which output of Connection request this connection leaves by: “Accepted” or “No response”',
        {
          nodeId: 'invite',
          edgeId: 'e_invite_accepted',
        },
      ),
      accepted,
    ]);
    expect(report('misspelt handle')).toStrictEqual([
      v(
        'unknown_source_handle',
        '4.1.12',
        'This connection leaves Connection request by an output it does not have: use “Accepted” or “No response”',
        { nodeId: 'invite', edgeId: 'e_invite_accepted', handle: 'accept' },
      ),
      accepted,
    ]);
    expect(report('single output with handle')).toStrictEqual([
      v('unexpected_source_handle', '4.1.12', 'Start has a single output: this connection must not name one', {
        nodeId: 'start',
        edgeId: 'e_start_next',
        handle: 'out',
      }),
    ]);
  });

  it('nothing leaves End', () => {
    expect(report('end leads on')).toStrictEqual([
      v('end_outgoing', '4.1.11', 'End is the last step: nothing leaves it', { nodeId: 'end', edgeId: 'e_end_next' }),
    ]);
  });
});

describe('routing (spec 3.3, 4.1 rules 5–7)', () => {
  it('withdrawal follows only a connection request’s “No response”', () => {
    expect(report('accepted leads to withdrawal')).toStrictEqual([
      v('withdraw_after_accept', '4.1.5', 'Withdraw invitation may only follow a connection request’s “No response” output', {
        nodeId: 'withdraw',
        edgeId: 'e_invite_accepted',
      }),
      unreachable('Message', 'thanks'),
      unreachable('Template message', 'follow_up'),
    ]);
    // another step's output misnamed “no_response” is not a connection request's
    const g = scoredFollowUpGraph();
    edgeOf(g, 'e_thanks_no_reply').sourceHandle = 'no_response';
    edgeOf(g, 'e_thanks_no_reply').target = 'withdraw';
    expect(validateWorkflow(g).filter((x) => x.code === 'withdraw_after_accept')).toStrictEqual([
      v('withdraw_after_accept', '4.1.5', 'Withdraw invitation may only follow a connection request’s “No response” output', {
        nodeId: 'withdraw',
        edgeId: 'e_thanks_no_reply',
      }),
    ]);
  });

  it('a reply ends the sequence, and “No reply” needs no delay after it', () => {
    expect(report('replied leads to a follow-up')).toStrictEqual([
      v('replied_target', '4.1.6', 'When the prospect replies to Message, the sequence ends: connect “Replied” to End', {
        nodeId: 'thanks',
        edgeId: 'e_thanks_replied',
        handle: 'replied',
      }),
    ]);
    expect(report('a delay after no_reply')).toStrictEqual([
      v('redundant_delay', '4.1.7', '“No reply” already waits (Wait for a reply on Message): set the wait there instead of adding Delay', {
        nodeId: 'wait',
        edgeId: 'e_thanks_no_reply',
        handle: 'no_reply',
      }),
    ]);
  });

  it('a delay after “Replied” is a reply not ending the sequence, not a redundant wait', () => {
    const g = scoredFollowUpGraph();
    g.nodes.push(node('wait', 'delay'));
    edgeOf(g, 'e_thanks_replied').target = 'wait';
    g.edges.push(edge('wait', 'end'));
    expect(validateWorkflow(g).map((x) => x.code)).toEqual(['replied_target']);
  });

  it('the reply rules hold for message steps only: a connection request’s output misnamed “replied” is a handle problem', () => {
    const g = scoredFollowUpGraph();
    edgeOf(g, 'e_invite_accepted').sourceHandle = 'replied';
    expect(validateWorkflow(g).map((x) => x.code)).toEqual(['unknown_source_handle', 'missing_output']);
  });
});

describe('shape (spec 4.1 rule 11)', () => {
  it('reports every connection of a loop, and a step connected to itself as such', () => {
    expect(report('follow-up loops back')).toStrictEqual([
      loop('Message', 'Template message', 'e_thanks_no_reply', 'no_reply'),
      loop('Template message', 'Message', 'e_follow_up_no_reply', 'no_reply'),
    ]);
    expect(report('self loop')).toStrictEqual([
      v('withdraw_after_accept', '4.1.5', 'Withdraw invitation may only follow a connection request’s “No response” output', {
        nodeId: 'withdraw',
        edgeId: 'e_withdraw_next',
      }),
      v('cycle', '4.1.11', 'Withdraw invitation is connected to itself', { nodeId: 'withdraw', edgeId: 'e_withdraw_next' }),
    ]);
  });

  it('names an unreachable step by its label, or as an unknown step', () => {
    expect(report('an orphan step')).toStrictEqual([unreachable('Visit profile', 'visit')]);
    const g = scoredFollowUpGraph();
    g.nodes.push({ id: 'x', type: 'bogus' as never, position: { x: 0, y: 0 }, data: {} });
    expect(validateWorkflow(g).map((x) => x.message)).toEqual(['Unknown step type “bogus”', 'Unknown step cannot be reached from Start']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  cloneGraph,
  connectionOnlyGraph,
  edge,
  emailPushFallbackGraph,
  inmailFallbackGraph,
  node,
  scoredFollowUpGraph,
} from '../testing/fixtures';
import type { Violation, WorkflowDefinition } from '../workflow-types';
import { canConnect, hasErrors, validateWorkflow, violationsByEdge, violationsByNode } from './index';

/**
 * What the problems panel and the canvas show for a broken graph: each violation says, in the
 * user's words, what is wrong and where (the step's label and id, the output, the field), with the
 * severity that decides whether the save is blocked.
 */

const only = (violations: Violation[], code: string) => violations.filter((v) => v.code === code);
const graphWith = (change: (g: any) => void, base: () => WorkflowDefinition = connectionOnlyGraph): unknown => {
  const g = cloneGraph(base());
  change(g);
  return g;
};

describe('section 2 problems name the field and the step', () => {
  it('an unknown property says where it is not allowed', () => {
    const v = validateWorkflow(
      graphWith((g) => {
        g.nodes[0].position = { x: 0, y: 0, z: 1 };
        g.viewport = {};
      }),
    );
    expect(v).toContainEqual(
      expect.objectContaining({
        code: 'invalid_field',
        nodeId: 'start',
        path: 'nodes.0.position.z',
        message: 'Unknown property “z”: not allowed in position',
      }),
    );
    expect(v).toContainEqual(
      expect.objectContaining({ code: 'invalid_field', path: 'viewport', message: expect.stringContaining('only nodes and edges') }),
    );
  });

  it('a field of the wrong type names the field inside the step', () => {
    const [v] = validateWorkflow(graphWith((g) => (g.nodes[1].data = { icpThreshold: 'x' })));
    expect(v).toMatchObject({ code: 'invalid_field', nodeId: 'invite', path: 'nodes.1.data.icpThreshold' });
    expect(v!.message).toMatch(/^data\.icpThreshold: /);
  });

  it('a type that is not a string is a bad field, not an unknown type', () => {
    const v = validateWorkflow(graphWith((g) => (g.nodes[1].type = 5)));
    expect(v).toContainEqual(expect.objectContaining({ code: 'invalid_field', nodeId: 'invite', path: 'nodes.1.type' }));
    expect(only(v, 'unknown_node_type')).toEqual([]);
  });

  it('an unknown type is named, with the type meant when it is a known mistake', () => {
    const v = validateWorkflow(graphWith((g) => (g.nodes[1].type = 'nope')));
    expect(only(v, 'unknown_node_type')).toEqual([expect.objectContaining({ nodeId: 'invite', message: 'Unknown node type “nope”' })]);
    const renamed = validateWorkflow(graphWith((g) => (g.nodes[1].type = 'cancel_connection_request')));
    expect(only(renamed, 'unknown_node_type')[0]!.message).toBe(
      'Unknown node type “cancel_connection_request”; use “cancel_invitation” instead',
    );
  });

  it('an edge without an id is pointed at by its place in the list only', () => {
    const [v] = validateWorkflow(graphWith((g) => (g.edges[0].id = '')));
    expect(v).toMatchObject({ code: 'invalid_field', path: 'edges.0.id' });
    expect(v).not.toHaveProperty('edgeId');
    expect(v!.message).toMatch(/^id: /);
  });

  it('anything that is not an object is refused with one plain sentence', () => {
    for (const bad of [5, null, 'graph', [], undefined]) {
      expect(validateWorkflow(bad)).toEqual([
        {
          code: 'invalid_field',
          rule: '2',
          severity: 'error',
          message: 'The workflow definition must be an object with nodes and edges',
          path: '',
        },
      ]);
    }
  });

  it('lists that are not lists stop the check at the structure', () => {
    const v = validateWorkflow({ nodes: {}, edges: [] });
    expect(v).toEqual([expect.objectContaining({ code: 'invalid_field', path: 'nodes', message: expect.stringMatching(/^nodes: /) })]);
  });

  it('graph size limits say the limit', () => {
    expect(validateWorkflow({ nodes: [], edges: [] })).toContainEqual(
      expect.objectContaining({ code: 'node_count', path: 'nodes', message: 'A workflow has 1 to 500 nodes' }),
    );
  });
});

describe('graph rules name the step and the output', () => {
  it('start problems', () => {
    const none = validateWorkflow({ nodes: [node('a', 'profile_visit'), node('end', 'end')], edges: [edge('a', 'end')] });
    expect(none).toEqual([expect.objectContaining({ code: 'start_count', message: 'The workflow needs one Start node' })]);
    const two = validateWorkflow(graphWith((g) => g.nodes.push(node('start_2', 'start'))));
    expect(only(two, 'start_count')[0]!.message).toContain('“start_2”');
    const lonely = validateWorkflow(graphWith((g) => (g.edges = g.edges.filter((e: any) => e.source !== 'start'))));
    expect(only(lonely, 'start_target')[0]!.message).toMatch(/Connect Start/);
    const twice = validateWorkflow(graphWith((g) => g.edges.push(edge('start', 'end', undefined, 'second'))));
    expect(only(twice, 'start_target').map((v) => v.message)).toEqual([
      'Start has exactly one edge',
      'Start must lead to a step, not straight to End',
    ]);
  });

  it('a step on its own loop is told apart from a longer loop', () => {
    const v = validateWorkflow(graphWith((g) => g.edges.push(edge('withdraw', 'withdraw', undefined, 'self')), scoredFollowUpGraph));
    expect(only(v, 'cycle')).toEqual([
      expect.objectContaining({ edgeId: 'self', nodeId: 'withdraw', message: 'Withdraw invitation “withdraw” is connected to itself' }),
    ]);
    const loop = validateWorkflow(
      graphWith((g) => {
        g.edges = g.edges.filter((e: any) => e.id !== 'e_follow_up_no_reply');
        g.edges.push(edge('follow_up', 'thanks', 'no_reply', 'back'));
      }, scoredFollowUpGraph),
    );
    const cycle = only(loop, 'cycle');
    expect(cycle.map((v) => v.edgeId).sort()).toEqual(['back', 'e_thanks_no_reply']);
    expect(cycle.find((v) => v.edgeId === 'back')).toMatchObject({
      handle: 'no_reply',
      message: 'This edge from “follow_up” to “thanks” is part of a loop',
    });
    expect(cycle.every((v) => v.nodeId === undefined)).toBe(true);
  });

  it('a step nobody reaches is named; without a start nothing is called unreachable', () => {
    const v = validateWorkflow(graphWith((g) => g.nodes.push(node('visit', 'profile_visit'))));
    expect(only(v, 'unreachable_node')).toEqual([
      expect.objectContaining({ nodeId: 'visit', message: 'Visit profile “visit” cannot be reached from Start' }),
    ]);
    const stranger = validateWorkflow(graphWith((g) => g.nodes.push({ id: 'x', type: 'nope', position: { x: 0, y: 0 }, data: {} })));
    expect(only(stranger, 'unreachable_node')).toEqual([
      expect.objectContaining({ nodeId: 'x', message: 'Node “x” cannot be reached from Start' }),
    ]);
    const noStart = validateWorkflow(graphWith((g) => (g.nodes = g.nodes.filter((n: any) => n.id !== 'start'))));
    expect(only(noStart, 'unreachable_node')).toEqual([]);
  });

  it('outputs: missing, doubled, on one-output and on branching steps, with the rule each belongs to', () => {
    const missing = validateWorkflow(
      graphWith((g) => (g.edges = g.edges.filter((e: any) => e.id !== 'e_score_qualified')), scoredFollowUpGraph),
    );
    expect(only(missing, 'missing_output')).toEqual([
      expect.objectContaining({
        nodeId: 'score',
        handle: 'qualified',
        rule: '4.1.2',
        message: 'Connect the “qualified” output of ICP scoring “score”',
      }),
    ]);
    const doubled = validateWorkflow(graphWith((g) => g.edges.push(edge('score', 'invite', 'qualified', 'dup')), scoredFollowUpGraph));
    expect(only(doubled, 'duplicate_output')).toEqual([
      expect.objectContaining({
        edgeId: 'dup',
        handle: 'qualified',
        rule: '4.1.2',
        message: 'The “qualified” output of ICP scoring “score” has more than one edge',
      }),
    ]);
    const delay = validateWorkflow(
      graphWith((g) => {
        g.nodes.push(node('d', 'delay'));
        g.edges = g.edges.filter((e: any) => e.id !== 'e_invite_no_response');
        g.edges.push(edge('invite', 'd', 'no_response'), edge('d', 'end'), edge('d', 'end', undefined, 'dup'));
      }),
    );
    expect(only(delay, 'duplicate_output')).toEqual([
      expect.objectContaining({ nodeId: 'd', edgeId: 'dup', rule: '2', message: 'Delay “d” has one output and one edge' }),
    ]);
    const dangling = validateWorkflow(
      graphWith(
        (g) =>
          g.edges.splice(
            g.edges.findIndex((e: any) => e.id === 'e_withdraw_next'),
            1,
          ),
        scoredFollowUpGraph,
      ),
    );
    expect(only(dangling, 'missing_output')).toEqual([
      expect.objectContaining({ nodeId: 'withdraw', rule: '4.1.11', message: 'Connect the output of Withdraw invitation “withdraw”' }),
    ]);
  });

  it('handles: say which outputs exist', () => {
    const missing = validateWorkflow(graphWith((g) => delete g.edges.find((e: any) => e.sourceHandle === 'accepted').sourceHandle));
    expect(only(missing, 'missing_source_handle')[0]!.message).toContain('accepted or no_response');
    const unknown = validateWorkflow(graphWith((g) => (g.edges.find((e: any) => e.sourceHandle === 'accepted').sourceHandle = 'maybe')));
    expect(only(unknown, 'unknown_source_handle')[0]!.message).toBe(
      'Connection request has no output “maybe”; its outputs are accepted and no_response',
    );
    const unexpected = validateWorkflow(graphWith((g) => (g.edges.find((e: any) => e.source === 'start').sourceHandle = 'out')));
    expect(only(unexpected, 'unexpected_source_handle')[0]!.message).toContain('remove sourceHandle “out”');
  });

  it('routing rules explain what to do', () => {
    const replied = validateWorkflow(
      graphWith((g) => (g.edges.find((e: any) => e.id === 'e_thanks_replied').target = 'follow_up'), scoredFollowUpGraph),
    );
    expect(only(replied, 'replied_target')[0]!.message).toContain('connect Replied to End');
    const withdraw = validateWorkflow(
      graphWith((g) => (g.edges.find((e: any) => e.id === 'e_invite_accepted').target = 'withdraw'), scoredFollowUpGraph),
    );
    expect(only(withdraw, 'withdraw_after_accept')[0]!.message).toContain('No response');
    const notQualified = validateWorkflow(
      graphWith((g) => (g.edges.find((e: any) => e.id === 'e_score_not_qualified').target = 'thanks'), scoredFollowUpGraph),
    );
    expect(only(notQualified, 'not_qualified_target')[0]).toMatchObject({ nodeId: 'score', handle: 'not_qualified' });
    expect(only(notQualified, 'not_qualified_target')[0]!.message.length).toBeGreaterThan(10);
  });
});

describe('step configuration', () => {
  it('an email push names each missing setting', () => {
    const v = validateWorkflow(
      graphWith((g) => (g.nodes.find((n: any) => n.id === 'push').data = { credential_id: '  ' }), emailPushFallbackGraph),
    );
    expect(only(v, 'email_push_config').map((x) => [x.path, x.message])).toEqual([
      ['nodes.3.data.credential_id', 'Email campaign 1 “push” needs a credential (credential_id)'],
      ['nodes.3.data.campaign_id', 'Email campaign 1 “push” needs a campaign (campaign_id)'],
    ]);
  });

  it('a broken template says where, and how many more problems follow', () => {
    const v = validateWorkflow(graphWith((g) => (g.nodes[1].data.message_template = 'Hi {{a.b}} and {{ c }} }}')));
    expect(only(v, 'template_invalid')).toEqual([
      expect.objectContaining({
        severity: 'error',
        path: 'nodes.1.data.message_template',
        message: expect.stringMatching(/^message_template: .* at character 4 \(and 2 more\)$/),
      }),
    ]);
    const one = validateWorkflow(graphWith((g) => (g.nodes[1].data.message_template = '{{x')));
    expect(only(one, 'template_invalid')[0]!.message).toMatch(/at character 1$/);
  });

  it('a broken InMail subject only warns, so it never blocks a save', () => {
    const v = validateWorkflow(
      graphWith((g) => (g.nodes.find((n: any) => n.id === 'inmail').data.subject = 'Hi {{x'), inmailFallbackGraph),
    );
    expect(v).toEqual([expect.objectContaining({ code: 'template_invalid', severity: 'warning', path: 'nodes.4.data.subject' })]);
    expect(hasErrors(v)).toBe(false);
  });

  it('InMail to all profiles: every sender without a seat is named; premium or open profiles pass', () => {
    const g = graphWith((x) => (x.nodes.find((n: any) => n.id === 'inmail').data.only_open_profiles = false), inmailFallbackGraph);
    const senders = [
      { accountId: 'a1', premium: false },
      { accountId: 'a2', premium: false },
      { accountId: 'p', premium: true },
    ];
    const [v] = validateWorkflow(g, { senders });
    expect(v).toMatchObject({ code: 'inmail_premium', severity: 'error', nodeId: 'inmail', path: 'nodes.4.data.only_open_profiles' });
    expect(v!.message).toContain('a1, a2');
    expect(v!.message).not.toContain('p;');
    expect(validateWorkflow(g, { senders: [{ accountId: 'p', premium: true }] })).toEqual([]);
    for (const unknown of [undefined, {}, { senders: [] }])
      expect(validateWorkflow(g, unknown as never)).toEqual([expect.objectContaining({ code: 'inmail_premium', severity: 'warning' })]);
    expect(validateWorkflow(inmailFallbackGraph(), { senders: [{ accountId: 'a1', premium: false }] })).toEqual([]);
  });
});

describe('grouping for the canvas', () => {
  it('violations are grouped per node and per edge, in order; unpinned ones are left out', () => {
    const v: Violation[] = [
      { code: 'cycle', rule: '4.1.11', severity: 'error', message: 'a', edgeId: 'e1', nodeId: 'n1' },
      { code: 'start_count', rule: '4.1.1', severity: 'error', message: 'b' },
      { code: 'cycle', rule: '4.1.11', severity: 'error', message: 'c', edgeId: 'e1' },
      { code: 'unreachable_node', rule: '4.1.11', severity: 'error', message: 'd', nodeId: 'n1' },
    ];
    expect([...violationsByNode(v).entries()]).toEqual([['n1', [v[0], v[3]]]]);
    expect([...violationsByEdge(v).entries()]).toEqual([['e1', [v[0], v[2]]]]);
  });

  it('only errors block', () => {
    expect(hasErrors([])).toBe(false);
    expect(hasErrors([{ code: 'inmail_premium', rule: '4.1.10', severity: 'warning', message: 'w' }])).toBe(false);
  });
});

describe('the connect-time guard explains each refusal', () => {
  const g = connectionOnlyGraph();
  it.each([
    ['ghost', null, 'end', 'Both ends must be nodes of this workflow'],
    ['invite', 'accepted', 'ghost', 'Both ends must be nodes of this workflow'],
    ['start', null, 'start', 'A step cannot lead to itself'],
    ['end', null, 'invite', 'End is the last step: nothing leaves it'],
    ['invite', 'accepted', 'start', 'Nothing may lead into Start'],
    ['invite', null, 'end', 'Choose an output of Connection request: accepted or no_response'],
    ['invite', 'nope', 'end', 'Connection request has no output “nope”'],
    ['start', 'x', 'invite', 'Start has one output, not “x”'],
    ['invite', 'accepted', 'end', 'The “accepted” output already has an edge'],
    ['start', null, 'end', 'Start already has its edge'],
  ] as const)('%s/%s → %s: %s', (source, sourceHandle, target, reason) => {
    expect(canConnect(g, { source, sourceHandle, target })).toEqual({ ok: false, reason });
  });

  it('loops, unknown types and foreign input', () => {
    const chain = { nodes: [node('start', 'start'), node('a', 'delay'), node('b', 'delay')], edges: [edge('start', 'a'), edge('a', 'b')] };
    expect(canConnect(chain, { source: 'b', target: 'a' })).toEqual({ ok: false, reason: 'This edge would make a loop' });
    expect(canConnect(chain, { source: 'b', target: 'start' })).toEqual({ ok: false, reason: 'Nothing may lead into Start' });
    const odd = { nodes: [node('start', 'start'), { id: 'q', type: 'zzz', position: { x: 0, y: 0 }, data: {} }], edges: [] };
    expect(canConnect(odd, { source: 'q', target: 'start' })).toEqual({ ok: false, reason: '“q” has an unknown type' });
    for (const foreign of [null, 5, { nodes: 'x', edges: 'y' }])
      expect(canConnect(foreign, { source: 'a', target: 'b' })).toEqual({ ok: false, reason: 'Both ends must be nodes of this workflow' });
    const open = { nodes: [node('start', 'start'), node('a', 'delay'), node('end', 'end')], edges: [edge('start', 'a')] };
    expect(canConnect(open, { source: 'a', target: 'end' })).toEqual({ ok: true });
    expect(canConnect(open, { source: 'a', sourceHandle: undefined, target: 'end' })).toEqual({ ok: true });
  });
});

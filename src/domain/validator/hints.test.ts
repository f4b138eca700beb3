import { describe, expect, it } from 'vitest';
import type { Violation } from '../workflow-types';
import { connectionOnlyGraph } from '../testing/fixtures';
import { fixFirstHint } from './hints';
import { validateWorkflow } from './index';

describe('fixFirstHint (contract 8.1 error.hint)', () => {
  it('names the first error and says how to fix it in the wire’s terms', () => {
    const graph = connectionOnlyGraph();
    graph.edges = graph.edges.filter((e) => e.sourceHandle !== 'no_response');
    const hint = fixFirstHint(validateWorkflow(graph))!;
    expect(hint).toMatch(/^Fix first: Connect the “No response” output/);
    expect(hint).toContain('Add an edge {source: "invite", sourceHandle: "no_response", target: <the next step, or an end node>}.');
  });

  it('counts the remaining errors, skips warnings, and is undefined when nothing is listed', () => {
    const graph = connectionOnlyGraph();
    graph.edges = [];
    const violations = validateWorkflow(graph);
    expect(fixFirstHint(violations)).toMatch(/more are listed in violations/);
    expect(fixFirstHint([])).toBeUndefined();
    expect(fixFirstHint([{ code: 'inmail_premium', rule: '4.1.10', severity: 'warning', message: 'Needs a seat', nodeId: 'm' }])).toMatch(
      /only_open_profiles: true/,
    );
  });
});

describe('fixFirstHint for every kind of error', () => {
  const v = (code: Violation['code'], where: Partial<Violation> = {}): Violation => ({
    code,
    rule: '2',
    severity: 'error',
    message: 'Broken',
    ...where,
  });
  const hint = (violation: Violation) => fixFirstHint([violation])!.replace(/^Fix first: Broken\. /, '');

  it('says what to change, naming the node or edge the agent sends back', () => {
    const at = { nodeId: 'n7', edgeId: 'e7' };
    const cases: [Violation['code'], string][] = [
      ['unknown_node_type', 'Use one of the types list-node-types returns.'],
      ['node_count', 'Send between 1 and 500 nodes.'],
      ['edge_count', 'Send at most 2000 edges.'],
      ['duplicate_node_id', 'Give every node its own id.'],
      ['duplicate_edge_id', 'Give every edge its own id.'],
      ['edge_unknown_node', 'Point edge “e7” at the id of an existing node, or remove it.'],
      ['start_count', 'Keep exactly one node of type start.'],
      ['start_incoming', 'Remove edge “e7”: no edge may enter start.'],
      ['start_target', 'Give start exactly one edge, to the first real step (icp_scoring or an outreach step), not to end.'],
      ['scoring_count', 'Keep at most one icp_scoring node.'],
      ['scoring_position', 'Connect start directly to icp_scoring, and nothing else into it.'],
      ['scoring_bypassed', 'Route node “n7” so that it is only reached through icp_scoring\'s "qualified" output.'],
      ['not_qualified_target', 'Connect icp_scoring\'s "not_qualified" output directly to an end node.'],
      ['duplicate_output', 'Keep one edge on that output of node “n7” and remove the others.'],
      [
        'withdraw_after_accept',
        'Connect cancel_invitation only from a connection_request\'s "no_response" output (an accepted invitation is never withdrawn).',
      ],
      ['replied_target', 'Point edge “e7” (the "replied" output) directly at an end node.'],
      [
        'redundant_delay',
        'Remove the delay after edge “e7”: the "no_reply" output already waits reply_wait_days; connect it to the next step.',
      ],
      ['email_push_config', 'Set non-empty credential_id and campaign_id in the data of node “n7”.'],
      ['inmail_premium', 'Set only_open_profiles: true in the data of node “n7”, or give the campaign a sender with a premium seat.'],
      ['cycle', 'Remove or redirect edge “e7”: a sequence must not loop back.'],
      ['unreachable_node', 'Connect node “n7” from an earlier step, or remove it.'],
      ['end_outgoing', 'Remove edge “e7”: nothing leaves an end node.'],
      ['missing_source_handle', "Set sourceHandle on edge “e7” to the output it leaves (list-node-types gives each type's outputs)."],
      ['unexpected_source_handle', 'Remove sourceHandle from edge “e7”: its source has a single output.'],
      ['unknown_source_handle', "Set sourceHandle on edge “e7” to one of its source's outputs (list-node-types)."],
    ];
    for (const [code, expected] of cases) expect(hint(v(code, at)), code).toBe(expected);
  });

  it('falls back to neutral words where the violation names no node, edge or path', () => {
    expect(hint(v('unreachable_node'))).toBe('Connect the node from an earlier step, or remove it.');
    expect(hint(v('cycle'))).toBe('Remove or redirect the edge: a sequence must not loop back.');
    expect(hint(v('invalid_field'))).toBe("Correct the value at that place (list-node-types gives each field's type and bounds).");
    expect(hint(v('invalid_field', { path: 'nodes.0.data.icpThreshold' }))).toBe(
      "Correct the value at “nodes.0.data.icpThreshold” (list-node-types gives each field's type and bounds).",
    );
    expect(hint(v('provider_limit', { message: 'Broken' }))).toBe('Shorten the text at “that field”: Broken');
    expect(hint(v('provider_limit', { path: 'nodes.1.data.subject' }))).toBe('Shorten the text at “nodes.1.data.subject”: Broken');
    expect(hint(v('invalid_url'))).toBe('Set “the address” to a full web address starting with https:// (or http://).');
    expect(hint(v('invalid_url', { path: 'nodes.2.data.url' }))).toBe(
      'Set “nodes.2.data.url” to a full web address starting with https:// (or http://).',
    );
    expect(hint(v('template_invalid'))).toBe('Rewrite the text at “message_template” with plain {{fieldName}} placeholders only.');
    expect(hint(v('template_invalid', { path: 'nodes.3.data.subject' }))).toBe(
      'Rewrite the text at “nodes.3.data.subject” with plain {{fieldName}} placeholders only.',
    );
    // a code this version does not know (a newer server's) still gets a neutral fix
    expect(hint(v('not_a_code' as Violation['code']))).toBe('Change the graph so that this rule holds.');
    expect(hint(v('missing_output', { nodeId: 'd1' }))).toBe(
      'Add an edge {source: "d1", target: <the next step, or an end node>} without sourceHandle.',
    );
  });

  it('puts the first error before any warning, and counts only errors as more to fix', () => {
    const warning = v('inmail_premium', { severity: 'warning', nodeId: 'w', message: 'Seat' });
    const hintText = fixFirstHint([warning, v('cycle', { edgeId: 'e1' }), v('unreachable_node', { nodeId: 'n2' })])!;
    expect(hintText).toBe(
      'Fix first: Broken. Remove or redirect edge “e1”: a sequence must not loop back. Then check again: 1 more are listed in violations.',
    );
    expect(fixFirstHint([warning])).toBe(
      'Fix first: Seat. Set only_open_profiles: true in the data of node “w”, or give the campaign a sender with a premium seat.',
    );
  });
});

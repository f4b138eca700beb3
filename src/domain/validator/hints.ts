import type { Violation, ViolationCode } from '../workflow-types';

/**
 * Contract 8.1 `hint`: what an agent (or any API client) should do next about a graph that breaks
 * the rules — the first error to fix and how, in plain words and the wire's own terms (node ids,
 * sourceHandle names), since that is what the caller edits. Errors come in the validator's order:
 * schema first, then start and scoring, outputs, routing, shape; fixing the first often clears others.
 */

const node = (v: Violation): string => (v.nodeId !== undefined ? `node “${v.nodeId}”` : 'the node');
const edge = (v: Violation): string => (v.edgeId !== undefined ? `edge “${v.edgeId}”` : 'the edge');

/** How to fix one violation; says what to change, not which rule it is. */
const HOW: Partial<Record<ViolationCode, (v: Violation) => string>> = {
  invalid_field: (v) =>
    `Correct the value at ${v.path ? `“${v.path}”` : 'that place'} (list-node-types gives each field's type and bounds).`,
  unknown_node_type: () => 'Use one of the types list-node-types returns.',
  node_count: () => 'Send between 1 and 500 nodes.',
  edge_count: () => 'Send at most 2000 edges.',
  duplicate_node_id: () => 'Give every node its own id.',
  duplicate_edge_id: () => 'Give every edge its own id.',
  edge_unknown_node: (v) => `Point ${edge(v)} at the id of an existing node, or remove it.`,
  start_count: () => 'Keep exactly one node of type start.',
  start_incoming: (v) => `Remove ${edge(v)}: no edge may enter start.`,
  start_target: () => 'Give start exactly one edge, to the first real step (icp_scoring or an outreach step), not to end.',
  scoring_count: () => 'Keep at most one icp_scoring node.',
  scoring_position: () => 'Connect start directly to icp_scoring, and nothing else into it.',
  scoring_bypassed: (v) => `Route ${node(v)} so that it is only reached through icp_scoring's "qualified" output.`,
  not_qualified_target: () => 'Connect icp_scoring\'s "not_qualified" output directly to an end node.',
  missing_output: (v) =>
    v.handle !== undefined
      ? `Add an edge {source: "${v.nodeId}", sourceHandle: "${v.handle}", target: <the next step, or an end node>}.`
      : `Add an edge {source: "${v.nodeId}", target: <the next step, or an end node>} without sourceHandle.`,
  duplicate_output: (v) => `Keep one edge on that output of ${node(v)} and remove the others.`,
  withdraw_after_accept: () =>
    'Connect cancel_invitation only from a connection_request\'s "no_response" output (an accepted invitation is never withdrawn).',
  replied_target: (v) => `Point ${edge(v)} (the "replied" output) directly at an end node.`,
  redundant_delay: (v) =>
    `Remove the delay after ${edge(v)}: the "no_reply" output already waits reply_wait_days; connect it to the next step.`,
  email_push_config: (v) => `Set non-empty credential_id and campaign_id in the data of ${node(v)}.`,
  inmail_premium: (v) => `Set only_open_profiles: true in the data of ${node(v)}, or give the campaign a sender with a premium seat.`,
  cycle: (v) => `Remove or redirect ${edge(v)}: a sequence must not loop back.`,
  unreachable_node: (v) => `Connect ${node(v)} from an earlier step, or remove it.`,
  end_outgoing: (v) => `Remove ${edge(v)}: nothing leaves an end node.`,
  missing_source_handle: (v) => `Set sourceHandle on ${edge(v)} to the output it leaves (list-node-types gives each type's outputs).`,
  unexpected_source_handle: (v) => `Remove sourceHandle from ${edge(v)}: its source has a single output.`,
  unknown_source_handle: (v) => `Set sourceHandle on ${edge(v)} to one of its source's outputs (list-node-types).`,
  provider_limit: (v) => `Shorten the text at “${v.path ?? 'that field'}”: ${v.message}`,
  invalid_url: (v) => `Set “${v.path ?? 'the address'}” to a full web address starting with https:// (or http://).`,
  condition_unreadable: (v) =>
    `Set “${v.path ?? 'condition'}” to a field, a test and a value, like "company contains Acme" (tests: is, is not, contains, does not contain, is empty, is not empty, >, >=, <, <=).`,
  no_sender: () => 'Add a sender account of that channel with update-campaign (senderAccountIds), then launch again.',
  invalid_variants: (v) =>
    `Fix the variants at “${v.path ?? 'variants'}”: 2 to 5 items {variantId: "a".."e" (unique), label (1–60 characters), text (not empty), subject? (InMail only)}; or set variants to null to remove them.`,
  variant_group_size: () =>
    'Give every step of that variantGroup the same number of variants, or take the step out of the group (variantGroup: null).',
  template_invalid: (v) => `Rewrite the text at “${v.path ?? 'message_template'}” with plain {{fieldName}} placeholders only.`,
};

/**
 * The way out of a rejected graph: the first error and how to fix it (the first violation when the
 * graph was refused for warnings alone, as a launch may be); undefined for an empty list.
 */
export function fixFirstHint(violations: readonly Violation[]): string | undefined {
  const blocking = violations.filter((v) => v.severity === 'error');
  const errors = blocking.length > 0 ? blocking : violations;
  const first = errors[0];
  if (!first) return undefined;
  const how = HOW[first.code]?.(first) ?? 'Change the graph so that this rule holds.';
  const more = errors.length > 1 ? ` Then check again: ${errors.length - 1} more are listed in violations.` : '';
  return `Fix first: ${first.message}. ${how}${more}`;
}

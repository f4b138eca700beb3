import type { Violation, ViolationCode } from '../workflow-types';

/** Contract 5: the spec rule each code belongs to (codes spanning rules pick theirs at the call site). */
const RULE_OF: Record<ViolationCode, string> = {
  invalid_field: '2',
  unknown_node_type: '2',
  node_count: '2',
  edge_count: '2',
  duplicate_node_id: '2',
  duplicate_edge_id: '2',
  edge_unknown_node: '2',
  template_invalid: '2',
  start_count: '4.1.1',
  start_incoming: '4.1.1',
  start_target: '4.1.1',
  scoring_count: '4.1.1',
  scoring_position: '4.1.1',
  scoring_bypassed: '4.1.3',
  not_qualified_target: '4.1.2',
  missing_output: '4.1.11',
  duplicate_output: '4.1.4',
  withdraw_after_accept: '4.1.5',
  replied_target: '4.1.6',
  redundant_delay: '4.1.7',
  email_push_config: '4.1.9',
  inmail_premium: '4.1.10',
  cycle: '4.1.11',
  unreachable_node: '4.1.11',
  end_outgoing: '4.1.11',
  missing_source_handle: '4.1.12',
  unexpected_source_handle: '4.1.12',
  unknown_source_handle: '4.1.12',
  // Contract 8.6: limits and formats of a step's fields, like the bounds of spec section 2.
  provider_limit: '2',
  invalid_url: '2',
  // Contract 9.3: a condition step the engine could not evaluate.
  condition_unreadable: '2',
  // Contract 9.4: who sends is the campaign's setting, not a graph rule.
  no_sender: '2',
  // Contract 10.1: variants are a step's texts, bounded like them.
  invalid_variants: '2',
  variant_group_size: '2',
};

export interface ViolationDetails {
  nodeId?: string | undefined;
  edgeId?: string | undefined;
  handle?: string | undefined;
  path?: string | undefined;
  rule?: string;
  severity?: Violation['severity'];
}

/** Builds a contract 5 violation; absent attributions are left out rather than set to undefined. */
export function violation(code: ViolationCode, message: string, details: ViolationDetails = {}): Violation {
  const v: Violation = { code, rule: details.rule ?? RULE_OF[code], severity: details.severity ?? 'error', message };
  if (details.nodeId !== undefined) v.nodeId = details.nodeId;
  if (details.edgeId !== undefined) v.edgeId = details.edgeId;
  if (details.handle !== undefined) v.handle = details.handle;
  if (details.path !== undefined) v.path = details.path;
  return v;
}

import type { NodeData } from './catalog';

/** Spec 2.3 node; extra properties are allowed and must be preserved verbatim. */
export interface WorkflowNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: NodeData;
  [extra: string]: unknown;
}

/** Spec 2.4 edge; `sourceHandle` only on edges leaving branching nodes. */
export interface WorkflowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string;
  [extra: string]: unknown;
}

/** Spec 2.2 workflow definition (additional properties forbidden). */
export interface WorkflowDefinition {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** Contract 5: an error blocks a save; a warning is shown (some block a launch, contract 8.6). */
export type Severity = 'error' | 'warning';

/** Contract 5 violation. `rule` is "4.1.N" or "2". */
export interface Violation {
  code: ViolationCode;
  rule: string;
  severity: Severity;
  message: string;
  nodeId?: string;
  edgeId?: string;
  handle?: string;
  path?: string;
}

/** Contract 5: every problem code the validator reports. */
export const VIOLATION_CODES = [
  'invalid_field',
  'unknown_node_type',
  'node_count',
  'edge_count',
  'duplicate_node_id',
  'duplicate_edge_id',
  'edge_unknown_node',
  'start_count',
  'start_incoming',
  'start_target',
  'scoring_count',
  'scoring_position',
  'scoring_bypassed',
  'not_qualified_target',
  'missing_output',
  'duplicate_output',
  'withdraw_after_accept',
  'replied_target',
  'redundant_delay',
  'email_push_config',
  'inmail_premium',
  'cycle',
  'unreachable_node',
  'end_outgoing',
  'missing_source_handle',
  'unexpected_source_handle',
  'unknown_source_handle',
  'template_invalid',
  'provider_limit',
  'invalid_url',
  'condition_unreadable',
  'no_sender',
  'invalid_variants',
  'variant_group_size',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];
/** Each problem code by its name, for code outside the validator that tests for one (`VIOLATION.missing_output`). */
export const VIOLATION = Object.fromEntries(VIOLATION_CODES.map((code) => [code, code])) as { readonly [C in ViolationCode]: C };

/**
 * What the validator may know beyond the graph. Rule 4.1.10 and contract 8.6: `senders` lists the
 * campaign's sender accounts with their premium-seat status (and name, for messages); undefined
 * means unknown (rule 10 then only warns). Contract 9.4: a known list (even empty) with each
 * sender's channel lets the validator say which sending steps nothing can send.
 */
export interface ValidationContext {
  senders?: ReadonlyArray<{
    accountId: string;
    premium: boolean;
    name?: string | undefined;
    channel?: 'professional_network' | 'messaging_app' | undefined;
  }>;
}

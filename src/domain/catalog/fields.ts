import { z } from 'zod';

/** Comparison operators of spec 2.5 `thresholdOperator`. */
export const THRESHOLD_OPERATORS = ['>=', '>', '<=', '<', '=='] as const;
export const DELAY_TYPES = ['minutes', 'hours', 'days'] as const;

/**
 * Spec 2.5: one `data` schema for every node type, extra properties allowed.
 * Contract 5: the bounds hold on every node, whatever its type.
 */
export const nodeDataSchema = z.looseObject({
  message_template: z.string().optional(),
  outputVariable: z.string().optional(),
  subject: z.string().optional(),
  post_url: z.string().optional(),
  keyword: z.string().optional(),
  reply_message: z.string().optional(),
  customInstructions: z.string().optional(),
  send_empty_request: z.boolean().optional(),
  only_open_profiles: z.boolean().optional(),
  icpThreshold: z.number().min(0).max(100).optional(),
  thresholdOperator: z.enum(THRESHOLD_OPERATORS).optional(),
  wait_for_response_days: z.number().gt(0).optional(),
  reply_wait_days: z.number().gt(0).optional(),
  credential_id: z.string().optional(),
  campaign_id: z.string().optional(),
  field_mappings: z.record(z.string(), z.unknown()).optional(),
  custom_variables: z.record(z.string(), z.unknown()).optional(),
  delay_type: z.enum(DELAY_TYPES).optional(),
  delay_amount: z.number().gt(0).optional(),
});
export type SpecNodeData = z.infer<typeof nodeDataSchema>;

/** How a form renders a field; the app maps each kind to one input component. */
export type FieldKind = 'text' | 'longText' | 'template' | 'boolean' | 'number' | 'select' | 'keyValue' | 'url';

export interface FieldDefinition {
  readonly key: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly help?: string;
  readonly required?: boolean;
  readonly options?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  /** Strictly greater than `min` (spec 2.5 "greater than 0"). */
  readonly exclusiveMin?: boolean;
  readonly unit?: string;
  /** Provider limit shown as a warning by the character counter. */
  readonly maxLength?: number;
}

/** Field metadata for forms, keyed by data property name. */
export const FIELDS: Readonly<Record<string, FieldDefinition>> = {
  message_template: {
    key: 'message_template',
    label: 'Message',
    kind: 'template',
    help: 'Use {{fieldName}} placeholders filled from the prospect’s custom fields.',
    maxLength: 3000,
  },
  outputVariable: {
    key: 'outputVariable',
    label: 'Output variable',
    kind: 'text',
    help: 'The score is stored in this variable (icp_score).',
  },
  subject: { key: 'subject', label: 'Subject', kind: 'text', maxLength: 200 },
  post_url: { key: 'post_url', label: 'Post URL', kind: 'url' },
  keyword: { key: 'keyword', label: 'Keyword', kind: 'text' },
  reply_message: { key: 'reply_message', label: 'Reply message', kind: 'longText' },
  customInstructions: { key: 'customInstructions', label: 'Instructions', kind: 'longText' },
  send_empty_request: { key: 'send_empty_request', label: 'Send without a note', kind: 'boolean' },
  only_open_profiles: { key: 'only_open_profiles', label: 'Only open profiles (free InMail)', kind: 'boolean' },
  icpThreshold: { key: 'icpThreshold', label: 'Threshold', kind: 'number', min: 0, max: 100 },
  thresholdOperator: { key: 'thresholdOperator', label: 'Operator', kind: 'select', options: ['>=', '>', '<=', '<', '=='] },
  wait_for_response_days: {
    key: 'wait_for_response_days',
    label: 'Wait for acceptance',
    kind: 'number',
    min: 0,
    exclusiveMin: true,
    unit: 'days',
  },
  reply_wait_days: { key: 'reply_wait_days', label: 'Wait for a reply', kind: 'number', min: 0, exclusiveMin: true, unit: 'days' },
  credential_id: { key: 'credential_id', label: 'Credential', kind: 'text', required: true },
  campaign_id: { key: 'campaign_id', label: 'External campaign', kind: 'text', required: true },
  field_mappings: { key: 'field_mappings', label: 'Field mappings', kind: 'keyValue' },
  custom_variables: { key: 'custom_variables', label: 'Custom variables', kind: 'keyValue' },
  delay_type: { key: 'delay_type', label: 'Unit', kind: 'select', options: ['minutes', 'hours', 'days'] },
  delay_amount: { key: 'delay_amount', label: 'Amount', kind: 'number', min: 0, exclusiveMin: true },
  url: { key: 'url', label: 'URL', kind: 'url' },
  method: { key: 'method', label: 'Method', kind: 'select', options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  prompt: { key: 'prompt', label: 'Prompt', kind: 'longText' },
  query: { key: 'query', label: 'Search query', kind: 'template' },
  channel: { key: 'channel', label: 'Channel', kind: 'text' },
  sheet: { key: 'sheet', label: 'Sheet', kind: 'text' },
  condition: { key: 'condition', label: 'Condition', kind: 'text', help: 'A field and value to test, e.g. company contains Acme.' },
};

import { z } from 'zod';

/**
 * Every error code the server answers with (contract 3: REST problem+json `code`, tool error
 * `error.code`; contract 9 adds the run states' refusals). The server throws only these; the MCP hints
 * are keyed by them; the app compares a caught error's code with `ERROR_CODES.<code>`.
 */
export const errorCodeSchema = z.enum([
  'invalid_request',
  'invalid_arguments',
  'invalid_cursor',
  'workspace_required',
  'workspace_not_found',
  'unauthorized',
  'origin_not_allowed',
  'not_found',
  'stale_edit',
  'campaign_not_draft',
  'campaign_not_active',
  'campaign_running',
  'campaign_completed',
  'invalid_workflow',
  'prospect_exists',
  'prospect_enrolled',
  'delivery_not_redeliverable',
  'idempotency_in_progress',
  'idempotency_key_reused',
  'payload_too_large',
  'rate_limited',
  'too_expensive',
  'response_too_large',
  'sender_limit_reached',
  'revision_open',
  'campaign_is_revision',
  'moves_required',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** `ERROR_CODES.not_found === 'not_found'`: a code written in code is checked by the compiler. */
export const ERROR_CODES = errorCodeSchema.enum;

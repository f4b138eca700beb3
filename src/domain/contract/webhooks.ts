import { z } from 'zod';
import { int32, storableDateTime, text } from './bounds';

/**
 * Webhook wire contract (spec 4.4, contract 4, 6 and 8.3), written once: the server validates with
 * these, OpenAPI is generated from them and the app infers its types from them.
 */

/**
 * Every event type, written once: what an endpoint may subscribe to (empty eventTypes = all) and what
 * the server's outbox emits — contract 6, and the run events of contract 9.5.
 */
export const EVENT_TYPES = [
  'campaign.workflow_updated',
  'campaign.launched',
  'inspiration.saved',
  'conversation.message_received',
  'prospect.enrolled',
  'prospect.replied',
  'prospect.finished',
  'action.failed',
  'campaign.paused',
  'campaign.resumed',
  'campaign.completed',
  'campaign.revised',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Contract 8.3: the test event, sent to one endpoint on request; nobody subscribes to it. */
export const TEST_EVENT_TYPE = 'webhook.test';
/** Every type a delivery can carry. */
export const DELIVERY_EVENT_TYPES = [...EVENT_TYPES, TEST_EVENT_TYPE] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

/** `held`: recorded while the endpoint is disabled, sent in order once it is enabled again (8.3). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'exhausted', 'held'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
/** @public A type of the published contract, for clients of the API. */
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];
/** manual: someone disabled it; gone: the receiver answered 410; failing: every attempt failed for WEBHOOK_DISABLE_AFTER_HOURS. */
export const DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** Contract 8.3: rotate-secret grace, hours. */
export const MAX_GRACE_HOURS = 168;
export const DEFAULT_GRACE_HOURS = 24;
/** Contract 8.3: each attempt's time limit unless WEBHOOK_TIMEOUT_MS says otherwise. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Contract 8.3: at most this much of a receiver's answer is kept per attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;

const isoTime = z.iso.datetime().describe('UTC, milliseconds, Z');
const workspaceIdField = text().min(1).optional().describe('Workspace id or slug (contract 2).');
const endpointUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .pipe(text())
  .describe('http(s) URL; private, loopback and link-local destinations are refused unless WEBHOOK_ALLOW_PRIVATE=1.');
const eventTypesField = z
  .array(z.enum(EVENT_TYPES))
  .max(EVENT_TYPES.length * 4)
  .describe('Event types to receive; empty = all.');

export const createEndpointBody = z.strictObject({ url: endpointUrl, eventTypes: eventTypesField, workspaceId: workspaceIdField });
export type CreateEndpointInput = z.infer<typeof createEndpointBody>;

/** Contract 8.3: enable/disable, change the URL or the event types. */
export const patchEndpointBody = z.strictObject({
  status: z.enum(ENDPOINT_STATUSES).optional().describe('disabled: events are held; enabled: held ones are sent, in order.'),
  url: endpointUrl.optional(),
  eventTypes: eventTypesField.optional(),
  workspaceId: workspaceIdField,
});
export type PatchEndpointInput = z.infer<typeof patchEndpointBody>;

export const endpointSchema = z.object({
  endpointId: z.guid(),
  url: z.string(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  status: z.enum(ENDPOINT_STATUSES),
  disabledReason: z.enum(DISABLED_REASONS).nullable(),
  createdAt: isoTime,
});
export type WebhookEndpoint = z.infer<typeof endpointSchema>;
/** The create answer: the only time the signing secret is shown. */
export const createdEndpointSchema = endpointSchema.extend({ secret: z.string().regex(/^whsec_/) });
export type CreatedEndpoint = z.infer<typeof createdEndpointSchema>;
export const endpointPageSchema = z.object({ items: z.array(endpointSchema), nextCursor: z.string().nullable() });

/** Contract 4/6/8.3 delivery (`pending` while attempts remain; `nextAttemptAt` null unless pending). */
export const deliverySchema = z.object({
  deliveryId: z.guid(),
  redeliveryOf: z.guid().nullable(),
  endpointId: z.guid(),
  eventId: z.string(),
  eventType: z.enum(DELIVERY_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: int32().min(0),
  lastResponseStatus: int32().nullable(),
  createdAt: isoTime,
  nextAttemptAt: isoTime.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryPageSchema = z.object({ items: z.array(deliverySchema), nextCursor: z.string().nullable() });

/** One attempt as the receiver saw it: `status` null when no answer came (refused, timed out). */
export const attemptSchema = z.object({
  at: isoTime,
  status: int32().nullable(),
  durationMs: int32().min(0),
  responseBodyExcerpt: z.string().max(RESPONSE_EXCERPT_BYTES).describe(`The first ${RESPONSE_EXCERPT_BYTES} bytes of the answer.`),
  error: z.string().nullable().describe('Why the attempt failed, in words (null when an answer came).'),
});
/** @public A type of the published contract, for clients of the API. */
export type DeliveryAttempt = z.infer<typeof attemptSchema>;
/** GET …/deliveries/{d} (contract 8.3): the delivery with `attempts` as the list of attempts (oldest first), and the event body. */
export const deliveryDetailSchema = deliverySchema.extend({
  attempts: z.array(attemptSchema),
  body: z.unknown().describe('The event body exactly as sent (parsed JSON).'),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

/** Spec 4.4: idempotencyKey 8..200; workspaceId here or in the query (contract 2). */
const idempotencyKey = text().min(8).max(200);
export const redeliverBody = z.strictObject({ idempotencyKey, workspaceId: workspaceIdField });

/** Contract 8.3 recover: every exhausted delivery created in [since, until). */
export const recoverBody = z.strictObject({
  since: storableDateTime(),
  until: storableDateTime().optional().describe('Default: now.'),
  dryRun: z.boolean().optional().describe('true: count only, queue nothing.'),
  idempotencyKey,
  workspaceId: workspaceIdField,
});
export type RecoverInput = z.infer<typeof recoverBody>;
export const recoverResultSchema = z.object({ matched: int32().min(0), queued: int32().min(0).optional() });
export type RecoverResult = z.infer<typeof recoverResultSchema>;

export const rotateSecretBody = z.strictObject({
  graceHours: z
    .number()
    .min(0)
    .max(MAX_GRACE_HOURS)
    .optional()
    .describe(`Hours the old secret still signs (default ${DEFAULT_GRACE_HOURS}).`),
  workspaceId: workspaceIdField,
});
export const rotatedSecretSchema = z.object({
  secret: z.string().regex(/^whsec_/),
  previousSecretExpiresAt: isoTime.nullable().describe('Until then each webhook-signature carries two signatures (new, old).'),
});
export type RotatedSecret = z.infer<typeof rotatedSecretSchema>;

export const workspaceBody = z.strictObject({ workspaceId: workspaceIdField });

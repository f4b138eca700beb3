import { z } from 'zod';
import { RUN_EVENTS } from '../catalog/types';
import { int32, storableDateTime, text } from './bounds';
import { responseRatesSchema } from './runs';
import { VARIANT_IDS } from '../variants/variants';
import { rotatedSecretSchema, rotateSecretBody } from './webhooks';

/**
 * Contract 9.4 executors, written once: the workspace's executor settings, an action's later result
 * and the events an executor or connector reports. The server validates with these, OpenAPI is
 * generated from them.
 */

export const EXECUTOR_KINDS = ['sandbox', 'http'] as const;

/** Contract 9.4 sandbox seed default (the same seed gives the same acceptances and replies). */
export const DEFAULT_SANDBOX_SEED = 1;
/** A 429 answer without Retry-After cools the sender down this long. */
export const DEFAULT_RATE_LIMIT_SECONDS = 60;

const workspaceIdField = text().min(1).optional().describe('Workspace id or slug (contract 2).');
const isoTime = z.iso.datetime().describe('UTC, milliseconds, Z');
const executorUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .pipe(text())
  .describe(
    'http(s) URL the actions are POSTed to; private, loopback and link-local destinations are refused unless WEBHOOK_ALLOW_PRIVATE=1.',
  );

const sandboxSeed = int32().default(DEFAULT_SANDBOX_SEED).describe('The same seed gives the same acceptances and replies.');

/** Contract 10.1: sandbox rates per variant ("a".."e"), each overriding the workspace's rate it names. */
export const variantRatesSchema = z
  .partialRecord(
    z.enum(VARIANT_IDS),
    z.strictObject({
      acceptRate: responseRatesSchema.shape.acceptRate.unwrap().optional(),
      replyRate: responseRatesSchema.shape.replyRate.unwrap().optional(),
    }),
  )
  .describe(
    'Rates of a variant that differ from the ones above, e.g. {"b": {"acceptRate": 0.5}}: a real difference to test the results with.',
  );
export type VariantRates = z.infer<typeof variantRatesSchema>;

/** PUT /api/v1/executor: the sandbox with its rates (absent ones take their defaults), or an HTTP executor's URL. */
export const executorSettingsBody = z.discriminatedUnion('kind', [
  responseRatesSchema
    .extend({ kind: z.literal('sandbox'), seed: sandboxSeed, variantRates: variantRatesSchema.default({}), workspaceId: workspaceIdField })
    .strict(),
  z.strictObject({ kind: z.literal('http'), url: executorUrl, workspaceId: workspaceIdField }),
]);
export type ExecutorSettingsInput = z.infer<typeof executorSettingsBody>;

/** The workspace's executor; `secret` only in the answer that switched it to `http` (shown once). */
export const executorSettingsSchema = z.object({
  kind: z.enum(EXECUTOR_KINDS),
  url: z.string().nullable().describe('The HTTP executor’s URL (null for the sandbox).'),
  acceptRate: z.number(),
  replyRate: z.number(),
  medianResponseHours: z.number(),
  seed: int32(),
  variantRates: variantRatesSchema,
  updatedAt: isoTime.nullable().describe('Null while the workspace has the default sandbox.'),
  secret: z
    .string()
    .regex(/^whsec_/)
    .optional()
    .describe('Standard Webhooks signing secret; shown only when the executor becomes http.'),
});
export type ExecutorSettings = z.infer<typeof executorSettingsSchema>;

export const rotateExecutorSecretBody = rotateSecretBody;
export const rotatedExecutorSecretSchema = rotatedSecretSchema;

/** Contract 9.4: what an executor answers, at once (200) or later (POST …/actions/{actionId}/result). */
export const actionResultBody = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('done'),
    result: z.record(z.string(), z.unknown()).optional().describe('What the action found, e.g. {score} or {connected}.'),
    workspaceId: workspaceIdField,
  }),
  z.strictObject({ status: z.literal('failed'), error: text().min(1).max(2000), workspaceId: workspaceIdField }),
  z.strictObject({
    status: z.literal('rate_limited'),
    retryAfterSeconds: int32()
      .min(1)
      .max(7 * 24 * 3600),
    workspaceId: workspaceIdField,
  }),
]);

export const ACTION_STATES = ['pending', 'done', 'failed', 'cancelled'] as const;
export const actionResultAnswerSchema = z.object({
  actionId: z.guid(),
  status: z.enum(ACTION_STATES).describe('The action as recorded now; a result for an action already decided changes nothing.'),
});
export type ActionResultAnswer = z.infer<typeof actionResultAnswerSchema>;
export const actionIdParams = z.object({ actionId: z.guid() });

/** Contract 9.4: an event from the executor or any connector about one prospect of one sender account. */
export const executorEventBody = z
  .strictObject({
    type: z.enum(RUN_EVENTS),
    accountId: z.guid().describe('The sender account the prospect answered or accepted.'),
    profileUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .pipe(text())
      .describe('The prospect’s profile URL (matched after normalising).'),
    at: storableDateTime(),
    text: text().max(20_000).optional().describe('The message or the comment.'),
    externalMessageId: text()
      .min(1)
      .max(500)
      .optional()
      .describe(
        'message_received: the message’s id at the provider (idempotency key). Without it, the same accountId, profileUrl, at and text is the same message.',
      ),
    externalConversationId: text().min(1).max(500).optional().describe('message_received: the conversation’s id at the provider.'),
    workspaceId: workspaceIdField,
  })
  .superRefine((e, ctx) => {
    // Contract 10.2: externalMessageId is optional, the text is what was received.
    if (e.type === 'message_received' && e.text === undefined)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'is required for a received message' });
  });
export type ExecutorEventInput = z.infer<typeof executorEventBody>;

export const executorEventAnswerSchema = z.object({
  moved: int32().min(0).describe('Enrollments the event moved (0 when none was waiting for it).'),
  conversationId: z.guid().nullable().describe('message_received: the inbox conversation.'),
  messageId: z.guid().nullable().describe('message_received: the inbox message (the first one for a repeated externalMessageId).'),
});
export type ExecutorEventAnswer = z.infer<typeof executorEventAnswerSchema>;

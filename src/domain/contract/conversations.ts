import { z } from 'zod';
import { int32, storableDateTime, text } from './bounds';
import { cursorParam, limitParam, pageSchema } from './pagination';
import { dailyLimitsSchema } from './schedule';
import { warmUpSchema, weeklyLimitsSchema } from './accounts';

/**
 * The inbox's wire contract (spec 4.2, contract 4, 7 and 8.2): requests, responses and enums. The
 * server validates with these, OpenAPI is generated from them, the app infers its types from them.
 */

export const CHANNELS = ['professional_network', 'messaging_app'] as const;
export const DIRECTIONS = ['inbound', 'outbound'] as const;
export const REPLY_STATES = ['awaiting_reply', 'need_to_reply'] as const;
export const BULK_ACTIONS = ['mark_read', 'mark_unread', 'add_tag', 'remove_tag'] as const;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
export const MAX_BULK_IDS = 200;
export const MAX_NODE_ID_LENGTH = 200;

export type Channel = (typeof CHANNELS)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type ReplyState = (typeof REPLY_STATES)[number];
export type BulkAction = (typeof BULK_ACTIONS)[number];

// Links the app renders as <a href>/<img src>: http(s) only, so a stored javascript: URL cannot run.
const webUrl = (max: number) =>
  text()
    .max(max)
    .pipe(z.url({ protocol: /^https?$/ }));

const workspaceIdParam = text().optional().describe('Workspace id or slug (contract 2); optional when the key grants one workspace.');
export const workspaceQuery = z.object({ workspaceId: workspaceIdParam });

/** A tag as stored: trimmed, 1..50 characters. */
export const tagValue = () => text().trim().min(1).max(MAX_TAG_LENGTH);
const nodeIdValue = () => text().min(1).max(MAX_NODE_ID_LENGTH);

/** Spec 4.2 query, contract 8.2 filters. Unknown query parameters are ignored; empty values count as absent. */
export const listConversationsQuery = z
  .object({
    workspaceId: workspaceIdParam,
    accountIds: text().optional().describe('Comma-separated account ids; ids outside the workspace match nothing.'),
    channel: z.enum(CHANNELS).optional(),
    search: text().max(500).optional().describe('Case-insensitive substring of the contact name or headline or of any message text.'),
    tagFilter: text().max(MAX_TAG_LENGTH).optional().describe('One tag, matched case-insensitively.'),
    replyFilter: z.enum(REPLY_STATES).optional(),
    unread: z.enum(['true', 'false']).optional().describe('true: only conversations with unread messages; false: only read ones.'),
    campaignId: z.guid().optional().describe('Only conversations produced by this campaign (contract 8.2); a foreign id matches nothing.'),
    nodeId: nodeIdValue().optional().describe('With campaignId: only conversations produced by this step of it.'),
    limit: limitParam,
    cursor: cursorParam,
  })
  .refine((q) => q.nodeId === undefined || q.campaignId !== undefined, {
    path: ['nodeId'],
    message: 'only together with campaignId',
  });
/** @public A type of the published contract, for clients of the API. */
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>;

export const pageQuery = z.object({ workspaceId: workspaceIdParam, limit: limitParam, cursor: cursorParam });

/** The longest message text stored (ingest, a reply from the inbox). */
const MAX_MESSAGE_TEXT = 100_000;

export const conversationIdParams = z.object({ id: z.guid().describe('Conversation id') });
export const campaignIdParams = z.object({ campaignId: z.guid().describe('Campaign id') });

/** Contract 7 (+ 8.2 campaign context): ingest one message from a provider connector. */
export const ingestMessageBody = z
  .strictObject({
    workspaceId: text().min(1).optional(),
    accountId: z.guid(),
    externalConversationId: text().min(1).max(500),
    externalMessageId: text().min(1).max(500),
    contact: z.strictObject({
      name: text().trim().min(1).max(300),
      headline: text().max(1000).nullable().optional(),
      avatarUrl: webUrl(2000).nullable().optional(),
      profileUrl: webUrl(2000).nullable().optional(),
    }),
    direction: z.enum(DIRECTIONS),
    text: text().max(MAX_MESSAGE_TEXT),
    sentAt: storableDateTime().describe('ISO 8601 date-time with Z or an offset, in years 0001–9999 (UTC).'),
    campaignId: z.guid().nullable().optional().describe('The campaign (of the workspace) whose step sent this; the first non-null sticks.'),
    nodeId: nodeIdValue().nullable().optional().describe('The step of campaignId that sent this (a node of its saved graph).'),
  })
  .refine((m) => m.nodeId == null || m.campaignId != null, { path: ['nodeId'], message: 'only together with campaignId' });
export type IngestMessageBody = z.infer<typeof ingestMessageBody>;

/** Contract 7: replaces the tags; 1..50 characters each (trimmed), at most 20, duplicates (any case) dropped. */
export const putTagsBody = z.strictObject({ tags: z.array(tagValue()).max(MAX_TAGS) });

/** Contract 8.2: read state. `true` clears the unread count, `false` makes it at least 1. */
export const patchConversationBody = z.strictObject({ read: z.boolean() });

/** Contract 8.2: one action over up to 200 conversations, all or nothing. */
export const bulkConversationsBody = z
  .strictObject({
    workspaceId: text().min(1).optional(),
    conversationIds: z.array(z.guid()).min(1).max(MAX_BULK_IDS),
    action: z.enum(BULK_ACTIONS),
    tag: tagValue().optional().describe('Required by add_tag and remove_tag, refused otherwise.'),
  })
  .superRefine((b, ctx) => {
    const needsTag = b.action === 'add_tag' || b.action === 'remove_tag';
    if (needsTag && b.tag === undefined) ctx.addIssue({ code: 'custom', path: ['tag'], message: `is required for ${b.action}` });
    if (!needsTag && b.tag !== undefined) ctx.addIssue({ code: 'custom', path: ['tag'], message: `is only for add_tag and remove_tag` });
  });
export type BulkConversationsBody = z.infer<typeof bulkConversationsBody>;
export const bulkResultSchema = z.object({ updated: int32().min(0) });

const isoTime = z.iso.datetime().describe('UTC, milliseconds, Z');

/** Contract 8.2: the campaign step that produced a conversation. */
export const campaignContextSchema = z.object({ campaignId: z.guid(), name: z.string(), nodeId: z.string().nullable() });
export type CampaignContext = z.infer<typeof campaignContextSchema>;

/** Contract 4 Conversation (+ 8.2 campaign). */
export const conversationSchema = z.object({
  id: z.guid(),
  accountId: z.guid(),
  channel: z.enum(CHANNELS),
  contact: z.object({
    name: z.string(),
    headline: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    profileUrl: z.string().nullable(),
  }),
  lastMessage: z.object({ text: z.string(), direction: z.enum(DIRECTIONS), at: isoTime }),
  unreadCount: int32().min(0),
  tags: z.array(z.string()),
  replyState: z.enum(REPLY_STATES).nullable(),
  campaign: campaignContextSchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationPageSchema = pageSchema(conversationSchema);

export const messageSchema = z.object({
  id: z.guid(),
  conversationId: z.guid(),
  externalMessageId: z.string(),
  direction: z.enum(DIRECTIONS),
  text: z.string(),
  sentAt: isoTime,
  sandbox: z.boolean().describe('Contract 9.4: sent or answered by the sandbox executor’s simulated network, not a real person.'),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = pageSchema(messageSchema);

export const ingestResultSchema = z.object({ conversationId: z.guid(), messageId: z.guid() });

/** Contract 8.2: reply counts per campaign step, for the canvas. */
export const stepStatsSchema = z.object({
  items: z.array(
    z.object({
      nodeId: z.string(),
      conversations: int32().min(0),
      replied: int32().min(0).describe('Conversations in which the contact wrote at least once.'),
      needToReply: int32().min(0).describe('Conversations whose last message is the contact’s.'),
    }),
  ),
});
export type StepStats = z.infer<typeof stepStatsSchema>;

/** A connected sender account (contract 7 GET /api/messaging/accounts). */
export const accountSchema = z.object({
  id: z.guid(),
  channel: z.enum(CHANNELS),
  name: z.string(),
  premium: z.boolean(),
  createdAt: isoTime,
  unreadConversations: int32().min(0).describe('Conversations of this account with unread messages.'),
  dailyLimits: dailyLimitsSchema.describe('Contract 9.3: most actions of each kind per calendar day.'),
  timeZone: z.string().describe('Contract 10.2: the IANA zone the account’s days are counted in (limits, warm-up).'),
  weeklyLimits: weeklyLimitsSchema.describe(
    'Contract 10.2: most actions of a kind in any 7 calendar days in a row; kinds absent have none.',
  ),
  warmUp: warmUpSchema.nullable().describe('Contract 10.2: the ramp of a new or cold account, or null.'),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.object({ items: z.array(accountSchema) });

/** The workspace's tags (any case-variant once, most used first), for autocomplete. */
export const tagListSchema = z.object({ items: z.array(z.object({ tag: z.string(), conversations: int32().min(0) })) });
export type TagCount = z.infer<typeof tagListSchema>['items'][number];

/** Contract 9.4: replying from the inbox (POST /api/messaging/conversations/{id}/messages). */
export const replyBody = z.strictObject({
  text: text().trim().min(1, 'write a message first').max(MAX_MESSAGE_TEXT).describe('The message sent to the contact.'),
});
export const replyAcceptedSchema = z.object({ actionId: z.guid().describe('The message action offered to the executor.') });

/** The thread's replies from the inbox and the sender's messages of today (the reply box shows them). */
const SENT_REPLY_STATUSES = ['sending', 'sent', 'failed'] as const;
export const conversationRepliesSchema = z.object({
  items: z.array(
    z.object({
      actionId: z.guid(),
      text: z.string(),
      status: z.enum(SENT_REPLY_STATUSES),
      error: z.string().nullable().describe('Why it failed, in the executor’s words.'),
      createdAt: z.iso.datetime(),
    }),
  ),
  senderToday: z
    .object({ used: int32().min(0), limit: int32().min(0) })
    .describe('The sender’s messages of today against its daily limit.'),
});
export type ConversationReplies = z.infer<typeof conversationRepliesSchema>;

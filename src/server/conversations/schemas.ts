import { z } from 'zod';
import { storableDateTime } from '../../domain/contract/bounds';
import { cursorParam, limitParam } from '../http/pagination';

/** Request and response shapes of the inbox (spec 4.2, contract 4 and 7); OpenAPI is generated from these. */

export const CHANNELS = ['professional_network', 'messaging_app'] as const;
export const DIRECTIONS = ['inbound', 'outbound'] as const;
export const REPLY_STATES = ['awaiting_reply', 'need_to_reply'] as const;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

// Links the app renders as <a href>/<img src>: http(s) only, so a stored javascript: URL cannot run.
const webUrl = z.url({ protocol: /^https?$/ });

const workspaceIdParam = z.string().optional().describe('Workspace id or slug (contract 2); optional when the key grants one workspace.');
export const workspaceQuery = z.object({ workspaceId: workspaceIdParam });

/** Spec 4.2 query. Unknown query parameters are ignored; empty values count as absent. */
export const listConversationsQuery = z.object({
  workspaceId: workspaceIdParam,
  accountIds: z.string().optional().describe('Comma-separated account ids; ids outside the workspace match nothing.'),
  channel: z.enum(CHANNELS).optional(),
  search: z.string().max(500).optional().describe('Case-insensitive substring of the contact name or headline or of any message text.'),
  tagFilter: z.string().max(MAX_TAG_LENGTH).optional().describe('One tag, matched case-insensitively.'),
  replyFilter: z.enum(REPLY_STATES).optional(),
  limit: limitParam,
  cursor: cursorParam,
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>;

export const pageQuery = z.object({ workspaceId: workspaceIdParam, limit: limitParam, cursor: cursorParam });

export const conversationIdParams = z.object({ id: z.guid().describe('Conversation id') });

/** Contract 7: ingest one message from a provider connector. */
export const ingestMessageBody = z.strictObject({
  workspaceId: z.string().min(1).optional(),
  accountId: z.guid(),
  externalConversationId: z.string().min(1).max(500),
  externalMessageId: z.string().min(1).max(500),
  contact: z.strictObject({
    name: z.string().trim().min(1).max(300),
    headline: z.string().max(1000).nullable().optional(),
    avatarUrl: webUrl.max(2000).nullable().optional(),
    profileUrl: webUrl.max(2000).nullable().optional(),
  }),
  direction: z.enum(DIRECTIONS),
  text: z.string().max(100_000),
  sentAt: storableDateTime().describe('ISO 8601 date-time with Z or an offset.'),
});
export type IngestMessageBody = z.infer<typeof ingestMessageBody>;

/** Contract 7: replaces the tags; 1..50 characters each (trimmed), at most 20, duplicates (any case) dropped. */
export const putTagsBody = z.strictObject({
  tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS),
});

const isoTime = z.iso.datetime().describe('UTC, milliseconds, Z');

/** Contract 4 Conversation. */
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
  unreadCount: z.int().min(0),
  tags: z.array(z.string()),
  replyState: z.enum(REPLY_STATES).nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({ items: z.array(conversationSchema), nextCursor: z.string().nullable() });

export const messageSchema = z.object({
  id: z.guid(),
  conversationId: z.guid(),
  externalMessageId: z.string(),
  direction: z.enum(DIRECTIONS),
  text: z.string(),
  sentAt: isoTime,
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });

export const ingestResultSchema = z.object({ conversationId: z.guid(), messageId: z.guid() });

export const accountSchema = z.object({
  id: z.guid(),
  channel: z.enum(CHANNELS),
  name: z.string(),
  premium: z.boolean(),
  createdAt: isoTime,
});
export const accountListSchema = z.object({ items: z.array(accountSchema) });

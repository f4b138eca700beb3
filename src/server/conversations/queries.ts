import { jsonColumn } from '../db/json';
import type { Db, Queryable } from '../db/types';
import { emitEvent } from '../events';
import { likePattern } from '../http/pagination';
import type { Account, Conversation, IngestMessageBody, Message, TagCount } from '../../domain/contract/conversations';
import { DEFAULT_DAILY_LIMITS, type DailyLimits } from '../../domain/contract/schedule';

/** SQL of the inbox (spec 4.2, contract 4 and 7). Every query is scoped by workspace_id. */

// Must equal the expression of index conversations_search (migration 003) for the planner to use it.
export const SEARCH_EXPR = `(c.contact_name || E'\\n' || coalesce(c.contact_headline, '') || E'\\n' || c.message_texts)`;

export const CONVERSATION_COLUMNS = `c.id, c.account_id, c.channel, c.contact_name, c.contact_headline, c.contact_avatar_url,
  c.contact_profile_url, c.last_message_text, c.last_message_direction, c.last_message_at, c.unread_count, c.tags,
  c.campaign_id, c.campaign_node_id, (SELECT cp.name FROM campaigns cp WHERE cp.id = c.campaign_id) AS campaign_name`;

export interface ConversationRow {
  id: string;
  account_id: string;
  channel: Conversation['channel'];
  contact_name: string;
  contact_headline: string | null;
  contact_avatar_url: string | null;
  contact_profile_url: string | null;
  last_message_text: string;
  last_message_direction: 'inbound' | 'outbound';
  last_message_at: Date;
  unread_count: number;
  tags: string[];
  campaign_id: string | null;
  campaign_node_id: string | null;
  campaign_name: string | null;
}

export const toConversation = (r: ConversationRow): Conversation => ({
  id: r.id,
  accountId: r.account_id,
  channel: r.channel,
  contact: { name: r.contact_name, headline: r.contact_headline, avatarUrl: r.contact_avatar_url, profileUrl: r.contact_profile_url },
  lastMessage: { text: r.last_message_text, direction: r.last_message_direction, at: new Date(r.last_message_at).toISOString() },
  unreadCount: r.unread_count,
  tags: r.tags,
  // Contract 4: the last message's direction decides who owes the next reply.
  replyState: r.last_message_direction === 'inbound' ? 'need_to_reply' : 'awaiting_reply',
  campaign: r.campaign_id ? { campaignId: r.campaign_id, name: r.campaign_name ?? '', nodeId: r.campaign_node_id } : null,
});

/** Normalized filters: what the cursor is bound to (limit may change between pages). */
export interface ConversationFilters {
  workspaceId: string;
  /** null = all accounts; [] = only ids outside the workspace or malformed: matches nothing. */
  accountIds: string[] | null;
  channel: string | null;
  search: string | null;
  tag: string | null;
  replyFilter: 'awaiting_reply' | 'need_to_reply' | null;
  /** Contract 8.2: true = unread only, false = read only. */
  unread: boolean | null;
  campaignId: string | null;
  nodeId: string | null;
}

/** One page, newest last_message_at first, ties by id; keyset after `after` (fetches limit + 1 to know if more follow). */
export async function listConversations(
  db: Queryable,
  f: ConversationFilters,
  limit: number,
  after?: [string, string],
): Promise<Conversation[]> {
  if (f.accountIds !== null && f.accountIds.length === 0) return [];
  const params: unknown[] = [f.workspaceId];
  const where = ['c.workspace_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.accountIds) add((p) => `c.account_id = ANY(${p}::uuid[])`, f.accountIds);
  if (f.channel) add((p) => `c.channel = ${p}`, f.channel);
  if (f.tag) add((p) => `c.tags_lower @> ARRAY[${p}::text]`, f.tag);
  if (f.replyFilter) add((p) => `c.last_message_direction = ${p}`, f.replyFilter === 'need_to_reply' ? 'inbound' : 'outbound');
  if (f.unread !== null) where.push(f.unread ? 'c.unread_count > 0' : 'c.unread_count = 0');
  if (f.campaignId) add((p) => `c.campaign_id = ${p}::uuid`, f.campaignId);
  if (f.nodeId) add((p) => `c.campaign_node_id = ${p}`, f.nodeId);
  if (f.search) add((p) => `${SEARCH_EXPR} ILIKE ${p}`, likePattern(f.search));
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(c.last_message_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE ${where.join(' AND ')}
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toConversation);
}

export async function getConversation(db: Queryable, workspaceId: string, id: string): Promise<Conversation | undefined> {
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = $1 AND c.workspace_id = $2`,
    [id, workspaceId],
  );
  return rows[0] && toConversation(rows[0]);
}

/** Contract 7: replaces the tags (display case kept, first spelling wins among case-duplicates). */
export async function setTags(db: Queryable, workspaceId: string, id: string, tags: string[]): Promise<Conversation | undefined> {
  const seen = new Set<string>();
  const unique = tags.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  const { rows } = await db.query<ConversationRow>(
    `UPDATE conversations c SET tags = $3::text[], tags_lower = $4::text[], updated_at = now()
     WHERE c.id = $1 AND c.workspace_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
    [id, workspaceId, unique, unique.map((t) => t.toLowerCase())],
  );
  return rows[0] && toConversation(rows[0]);
}

interface MessageRow {
  id: string;
  conversation_id: string;
  external_message_id: string;
  direction: 'inbound' | 'outbound';
  text: string;
  sent_at: Date;
}

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  conversationId: r.conversation_id,
  externalMessageId: r.external_message_id,
  direction: r.direction,
  text: r.text,
  sentAt: new Date(r.sent_at).toISOString(),
});

/** A thread, oldest first, ties by id; keyset after `after`. */
export async function listMessages(db: Queryable, conversationId: string, limit: number, after?: [string, string]): Promise<Message[]> {
  const params: unknown[] = [conversationId, limit + 1];
  let keyset = '';
  if (after) {
    params.push(after[0], after[1]);
    keyset = 'AND (m.sent_at, m.id) > ($3::timestamptz, $4::uuid)';
  }
  const { rows } = await db.query<MessageRow>(
    `SELECT m.id, m.conversation_id, m.external_message_id, m.direction, m.text, m.sent_at FROM messages m
     WHERE m.conversation_id = $1 ${keyset} ORDER BY m.sent_at, m.id LIMIT $2`,
    params,
  );
  return rows.map(toMessage);
}

export interface AccountRow {
  id: string;
  channel: Conversation['channel'];
  name: string;
  premium: boolean;
  daily_limits: Partial<DailyLimits> | string;
  created_at: Date;
  unread: number;
}

/** The workspace's sender accounts (contract 7, 9.3 dailyLimits), or only `accountId` when given. */
export async function listAccounts(db: Queryable, workspaceId: string, accountId?: string): Promise<Account[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.channel, a.name, a.premium, a.daily_limits, a.created_at,
       (SELECT count(*)::int FROM conversations c WHERE c.account_id = a.id AND c.unread_count > 0) AS unread
     FROM accounts a WHERE a.workspace_id = $1 ${accountId ? 'AND a.id = $2' : ''} ORDER BY a.created_at, a.id`,
    accountId ? [workspaceId, accountId] : [workspaceId],
  );
  return rows.map((a) => ({
    id: a.id,
    channel: a.channel,
    name: a.name,
    premium: a.premium,
    createdAt: new Date(a.created_at).toISOString(),
    unreadConversations: a.unread,
    dailyLimits: { ...DEFAULT_DAILY_LIMITS, ...jsonColumn(a.daily_limits) },
  }));
}

/** The workspace's tags for autocomplete: one spelling per case-insensitive tag, most used first. */
export async function listTags(db: Queryable, workspaceId: string): Promise<TagCount[]> {
  const { rows } = await db.query<{ tag: string; conversations: number }>(
    `SELECT min(t) AS tag, count(*)::int AS conversations FROM conversations c, unnest(c.tags) AS t
     WHERE c.workspace_id = $1 GROUP BY lower(t) ORDER BY count(*) DESC, lower(t) LIMIT 500`,
    [workspaceId],
  );
  return rows;
}

export async function getAccount(db: Queryable, workspaceId: string, id: string): Promise<{ id: string; channel: string } | undefined> {
  const { rows } = await db.query<{ id: string; channel: string }>('SELECT id, channel FROM accounts WHERE id = $1 AND workspace_id = $2', [
    id,
    workspaceId,
  ]);
  return rows[0];
}

export interface IngestResult {
  created: boolean;
  conversationId: string;
  messageId: string;
}

class DuplicateMessage extends Error {}

const findMessage = async (db: Queryable, accountId: string, externalMessageId: string): Promise<IngestResult | undefined> => {
  const { rows } = await db.query<{ id: string; conversation_id: string }>(
    'SELECT id, conversation_id FROM messages WHERE account_id = $1 AND external_message_id = $2',
    [accountId, externalMessageId],
  );
  return rows[0] && { created: false, conversationId: rows[0].conversation_id, messageId: rows[0].id };
};

/**
 * Contract 7 ingest. The same externalMessageId again (also when two arrive at once) returns the
 * first ids and changes nothing. The conversation's last message moves only to a newer message;
 * inbound adds one unread, a newer outbound (we replied) clears them. The event is written in the
 * same transaction (contract 6).
 */
export async function ingestMessage(db: Db, workspaceId: string, channel: string, m: IngestMessageBody): Promise<IngestResult> {
  const existing = await findMessage(db, m.accountId, m.externalMessageId);
  if (existing) return existing;
  const sentAt = new Date(m.sentAt).toISOString();
  const c = m.contact;
  try {
    return await db.transaction(async (tx) => {
      const conv = await tx.query<{ id: string }>(
        `INSERT INTO conversations AS c (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
           contact_avatar_url, contact_profile_url, last_message_text, last_message_direction, last_message_at, unread_count, message_texts,
           campaign_id, campaign_node_id, has_inbound)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $9, $16, $17, $10 = 'inbound')
         ON CONFLICT (account_id, external_conversation_id) DO UPDATE SET
           contact_name = CASE WHEN excluded.last_message_at >= c.last_message_at THEN excluded.contact_name ELSE c.contact_name END,
           contact_headline = CASE WHEN $13 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_headline ELSE c.contact_headline END,
           contact_avatar_url = CASE WHEN $14 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_avatar_url ELSE c.contact_avatar_url END,
           contact_profile_url = CASE WHEN $15 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_profile_url ELSE c.contact_profile_url END,
           last_message_text = CASE WHEN excluded.last_message_at > c.last_message_at THEN excluded.last_message_text ELSE c.last_message_text END,
           last_message_direction = CASE WHEN excluded.last_message_at > c.last_message_at THEN excluded.last_message_direction ELSE c.last_message_direction END,
           last_message_at = GREATEST(c.last_message_at, excluded.last_message_at),
           unread_count = CASE WHEN excluded.last_message_direction = 'outbound' AND excluded.last_message_at > c.last_message_at THEN 0
                               ELSE c.unread_count + excluded.unread_count END,
           message_texts = c.message_texts || E'\\n' || excluded.message_texts,
           -- Contract 8.2: the first non-null campaign context sticks.
           campaign_node_id = CASE WHEN c.campaign_id IS NULL THEN excluded.campaign_node_id ELSE c.campaign_node_id END,
           campaign_id = coalesce(c.campaign_id, excluded.campaign_id),
           has_inbound = c.has_inbound OR excluded.has_inbound,
           updated_at = now()
         RETURNING id`,
        [
          workspaceId,
          m.accountId,
          channel,
          m.externalConversationId,
          c.name,
          c.headline ?? null,
          c.avatarUrl ?? null,
          c.profileUrl ?? null,
          m.text,
          m.direction,
          sentAt,
          m.direction === 'inbound' ? 1 : 0,
          c.headline !== undefined,
          c.avatarUrl !== undefined,
          c.profileUrl !== undefined,
          m.campaignId ?? null,
          m.campaignId ? (m.nodeId ?? null) : null,
        ],
      );
      const conversationId = conv.rows[0].id;
      const msg = await tx.query<{ id: string }>(
        `INSERT INTO messages (workspace_id, account_id, conversation_id, external_message_id, direction, text, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, external_message_id) DO NOTHING RETURNING id`,
        [workspaceId, m.accountId, conversationId, m.externalMessageId, m.direction, m.text, sentAt],
      );
      // A concurrent ingest of the same message won: undo our conversation update, answer with its ids.
      if (msg.rows.length === 0) throw new DuplicateMessage();
      const messageId = msg.rows[0].id;
      await emitEvent(tx, workspaceId, 'conversation.message_received', {
        conversationId,
        messageId,
        accountId: m.accountId,
        channel,
        externalConversationId: m.externalConversationId,
        externalMessageId: m.externalMessageId,
        direction: m.direction,
        text: m.text,
        sentAt,
        contact: { name: c.name, headline: c.headline ?? null, avatarUrl: c.avatarUrl ?? null, profileUrl: c.profileUrl ?? null },
      });
      return { created: true, conversationId, messageId };
    });
  } catch (err) {
    if (!(err instanceof DuplicateMessage)) throw err;
    const winner = await findMessage(db, m.accountId, m.externalMessageId);
    if (!winner) throw err;
    return winner;
  }
}

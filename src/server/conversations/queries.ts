import { jsonColumn } from '../db/json';
import type { Queryable } from '../db/types';
import { likePattern } from '../http/pagination';
import type { Account, Conversation, Message, TagCount } from '../../domain/contract/conversations';
import { DEFAULT_DAILY_LIMITS, type DailyLimits } from '../../domain/contract/schedule';
import { toIso } from '../../domain/time';

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
  lastMessage: { text: r.last_message_text, direction: r.last_message_direction, at: toIso(r.last_message_at) },
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
  sandbox: boolean;
}

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  conversationId: r.conversation_id,
  externalMessageId: r.external_message_id,
  direction: r.direction,
  text: r.text,
  sentAt: toIso(r.sent_at),
  sandbox: r.sandbox,
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
    `SELECT m.id, m.conversation_id, m.external_message_id, m.direction, m.text, m.sent_at, m.sandbox FROM messages m
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
    createdAt: toIso(a.created_at),
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

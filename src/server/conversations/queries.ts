import { jsonColumn } from '../db/json';
import type { Db, Queryable } from '../db/types';
import { likePattern } from '../http/pagination';
import type { Account, Conversation, Message, TagCount } from '../../domain/contract/conversations';
import type { DailyLimits } from '../../domain/contract/schedule';
import type { WarmUp, WeeklyLimits } from '../../domain/contract/accounts';
import { senderRules } from '../../domain/run/sender-limits';
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

/** The SQL conditions of `f` (but the search) and their parameters; `$1` is the workspace. */
function conditionsOf(f: ConversationFilters, after: [string, string] | undefined) {
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
  const filtered = where.length > 1;
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(c.last_message_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  return { where, params, filtered };
}

/** One page, newest last_message_at first, ties by id; keyset after `after` (fetches limit + 1 to know if more follow). */
export async function listConversations(db: Db, f: ConversationFilters, limit: number, after?: [string, string]): Promise<Conversation[]> {
  if (f.accountIds !== null && f.accountIds.length === 0) return [];
  if (f.search && conditionsOf(f, after).filtered) return (await searchInListOrder(db, f, limit, after)).map(toConversation);
  return (await pageRows(db, f, limit + 1, after)).map(toConversation);
}

/** The newest `wanted` rows of `f` after `after`, as the planner sees fit. */
async function pageRows(db: Queryable, f: ConversationFilters, wanted: number, after?: [string, string]): Promise<ConversationRow[]> {
  const { where, params } = conditionsOf(f, after);
  if (f.search) where.push(`${SEARCH_EXPR} ILIKE $${params.push(likePattern(f.search))}`);
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE ${where.join(' AND ')}
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT $${params.push(wanted)}`,
    params,
  );
  return rows;
}

/**
 * A search combined with other filters first reads the newest rows those filters keep, in list order
 * (the page index), at most COMBINED_SEARCH_SCAN, and searches them: the planner's guess of a
 * substring's share is often off by 100× (13 rows guessed for 3,334 made it take the trigram index
 * and recheck 14,000 rows, 170–330 ms at 1M conversations, where reading 15,000 rows in order takes
 * ~10 ms). Only when those rows cannot fill the page do older rows come from the trigram index.
 */
const COMBINED_SEARCH_SCAN = 5_000;

async function searchInListOrder(db: Db, f: ConversationFilters, limit: number, after?: [string, string]): Promise<ConversationRow[]> {
  const { where, params } = conditionsOf(f, after);
  const search = `${SEARCH_EXPR} ILIKE $${params.push(likePattern(f.search!))}`;
  const scan = `$${params.push(COMBINED_SEARCH_SCAN)}`;
  // The last row scanned comes back too (matched = false) when the scan ran out before the page filled.
  const { rows } = await db.query<ConversationRow & { matched: boolean }>(
    `SELECT c.* FROM (
       SELECT ${CONVERSATION_COLUMNS}, ${search} AS matched, row_number() OVER (ORDER BY c.last_message_at DESC, c.id DESC) AS scanned
       FROM conversations c WHERE ${where.join(' AND ')}
       ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${scan}) c
     WHERE c.matched OR c.scanned = ${scan}
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT $${params.push(limit + 1)}`,
    params,
  );
  const found = rows.filter((r) => r.matched);
  const last = rows[rows.length - 1];
  if (found.length > limit || !last || last.matched) return found;
  // Matches are sparse among the rows in list order: the rest comes by the trigram index alone (an
  // ordered scan would read every older row when few or none match).
  const older = await db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_indexscan = off');
    return pageRows(tx, f, limit + 1 - found.length, [toIso(last.last_message_at), last.id]);
  });
  return [...found, ...older];
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
  time_zone: string;
  weekly_limits: Partial<WeeklyLimits> | string;
  warm_up: WarmUp | string | null;
  created_at: Date;
  unread: number;
}

/** The workspace's sender accounts (contract 7, 9.3 dailyLimits), or only `accountId` when given. */
export async function listAccounts(db: Queryable, workspaceId: string, accountId?: string): Promise<Account[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.channel, a.name, a.premium, a.daily_limits, a.time_zone, a.weekly_limits, a.warm_up, a.created_at,
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
    ...senderRules({
      timeZone: a.time_zone,
      dailyLimits: jsonColumn(a.daily_limits),
      weeklyLimits: jsonColumn(a.weekly_limits),
      warmUp: a.warm_up === null ? null : jsonColumn(a.warm_up),
    }),
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

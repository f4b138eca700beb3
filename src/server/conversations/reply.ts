import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import type { ConversationReplies } from '../../domain/contract/conversations';
import type { Queryable } from '../db/types';
import { localDay } from '../../domain/run/windows';
import { takeQuota } from '../runs/gate';
import { readDueWays } from '../runs/due-actions';
import { ts } from '../runs/time-sql';
import { wakeRuns } from '../runs/wake';
import { ingestInTx } from './ingest';
import { toIso } from '../../domain/time';

/**
 * Contract 9.4 replying from the inbox: a `message` action with no enrollment, for the conversation's
 * account and contact, offered to the workspace's executor at once (no sending window: a person is
 * answering now) and counted against the sender's `message` limit. Once done, the text is the
 * thread's outbound message (its externalMessageId is the actionId); a failure stays on the action.
 */

/** The conversation's sender account and the day its limits count in (the campaign schedule's zone, else UTC). */
async function senderDay(db: Queryable, workspaceId: string, conversationId: string, now: number, lock: boolean) {
  const found = await db.query<{ account_id: string; zone: string | null }>(
    `SELECT cv.account_id, c.schedule->>'timeZone' AS zone
     FROM conversations cv LEFT JOIN campaigns c ON c.id = cv.campaign_id
     WHERE cv.id = $1 AND cv.workspace_id = $2${lock ? ' FOR UPDATE OF cv' : ''}`,
    [conversationId, workspaceId],
  );
  const row = found.rows[0];
  return row ? { accountId: row.account_id, day: localDay(now, row.zone ?? 'UTC') } : null;
}

type QueuedReply = { ok: true; actionId: string } | { ok: false; why: 'not_found' | 'limit' };

/** Inserts the reply's action and takes the sender's quota of today, in the caller's transaction. */
export async function queueReply(
  tx: Queryable,
  workspaceId: string,
  conversationId: string,
  text: string,
  now: number,
): Promise<QueuedReply> {
  const sender = await senderDay(tx, workspaceId, conversationId, now, true);
  if (!sender) return { ok: false, why: 'not_found' };
  const { accountId, day } = sender;
  if (!(await takeQuota(tx, accountId, 'message', day))) return { ok: false, why: 'limit' };
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO run_actions (id, workspace_id, type, sender_account_id, limit_kind, quota_day, payload, status, not_before, conversation_id)
     VALUES (gen_random_uuid(), $1, 'message', $2, 'message', $3, $4, 'scheduled', $5, $6) RETURNING id`,
    [workspaceId, accountId, day, JSON.stringify({ text, data: { conversationId } }), ts(0), conversationId],
  );
  // A person is answering now: the run workers offer it on commit, not at their next pass.
  await wakeRuns(tx);
  return { ok: true, actionId: inserted.rows[0]!.id };
}

/** The columns the engine's action claim reads, for replies: the prospect is the conversation's contact. */
interface DueReply {
  id: string;
  workspace_id: string;
  campaign_id: null;
  enrollment_id: null;
  visit: null;
  node_id: null;
  type: string;
  sender_account_id: string | null;
  limit_kind: string | null;
  quota_day: string | null;
  payload: { text?: string; data: Record<string, unknown> };
  profile_url: string;
  name: string | null;
}

/** Claims due replies with a lease (like the run's actions), in the caller's transaction. */
export async function claimDueReplies(tx: Queryable, now: number, batch: number, leaseMs: number): Promise<DueReply[]> {
  const due = await readDueWays(
    batch,
    async (way, left) =>
      (
        await tx.query<DueReply>(
          `SELECT a.id, a.workspace_id, NULL AS campaign_id, NULL AS enrollment_id, NULL AS visit, NULL AS node_id, a.type,
                a.sender_account_id, a.limit_kind, a.quota_day::text AS quota_day, a.payload,
                coalesce(cv.contact_profile_url, '') AS profile_url, cv.contact_name AS name
         FROM run_actions a JOIN conversations cv ON cv.id = a.conversation_id
         WHERE a.enrollment_id IS NULL AND a.conversation_id IS NOT NULL AND ${way.due}
         ORDER BY ${way.order} LIMIT $2 FOR UPDATE OF a SKIP LOCKED`,
          [ts(now), left],
        )
      ).rows,
  );
  if (due.length === 0) return [];
  // One statement leases the whole claim.
  await tx.query(`UPDATE run_actions SET status = 'offered', lease_until = $2, attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [
    due.map((r) => r.id),
    ts(now + leaseMs),
  ]);
  return due;
}

/** A reply the executor reported done becomes the thread's outbound message (idempotent on the actionId). */
export async function recordReplySent(tx: Queryable, actionId: string, now: number): Promise<void> {
  const found = await tx.query<{
    workspace_id: string;
    account_id: string;
    channel: string;
    external_conversation_id: string;
    contact_name: string;
    contact_profile_url: string | null;
    text: string;
  }>(
    `SELECT a.workspace_id, cv.account_id, cv.channel, cv.external_conversation_id, cv.contact_name, cv.contact_profile_url,
            a.payload->>'text' AS text
     FROM run_actions a JOIN conversations cv ON cv.id = a.conversation_id WHERE a.id = $1 AND a.status = 'done'`,
    [actionId],
  );
  const r = found.rows[0];
  if (!r) return;
  await ingestInTx(tx, r.workspace_id, r.channel, {
    accountId: r.account_id,
    externalConversationId: r.external_conversation_id,
    externalMessageId: actionId,
    contact: { name: r.contact_name },
    direction: 'outbound',
    text: r.text,
    sentAt: toIso(now),
  });
}

/** The conversation's replies from the inbox (oldest first) and its sender's messages of today; null when not found. */
export async function conversationReplies(
  db: Queryable,
  workspaceId: string,
  conversationId: string,
  now: number,
): Promise<ConversationReplies | null> {
  const sender = await senderDay(db, workspaceId, conversationId, now, false);
  if (!sender) return null;
  const [replies, quota] = await Promise.all([
    db.query<{ id: string; text: string; status: string; error: string | null; created_at: string | Date }>(
      `SELECT id, payload->>'text' AS text, status, error, created_at
       FROM run_actions WHERE conversation_id = $1 ORDER BY created_at, id`,
      [conversationId],
    ),
    db.query<{ used: number | null; limit: number }>(
      `SELECT (SELECT used FROM sender_quota WHERE account_id = a.id AND kind = 'message' AND day = $2::date) AS used,
              coalesce((a.daily_limits ->> 'message')::int, $3) AS limit
       FROM accounts a WHERE a.id = $1`,
      [sender.accountId, sender.day, DEFAULT_DAILY_LIMITS.message],
    ),
  ]);
  return {
    items: replies.rows.map((r) => ({
      actionId: r.id,
      text: r.text,
      status: r.status === 'done' ? 'sent' : r.status === 'failed' || r.status === 'cancelled' ? 'failed' : 'sending',
      error: r.status === 'cancelled' ? 'It was not sent.' : r.error,
      createdAt: toIso(r.created_at),
    })),
    senderToday: { used: quota.rows[0]?.used ?? 0, limit: quota.rows[0]?.limit ?? DEFAULT_DAILY_LIMITS.message },
  };
}

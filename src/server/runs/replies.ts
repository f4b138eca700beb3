import type { ConversationReplies } from '../../domain/contract/conversations';
import type { WarmUp } from '../../domain/contract/accounts';
import type { DailyLimits } from '../../domain/contract/schedule';
import { dailyLimitOn, senderRules } from '../../domain/run/sender-limits';
import { jsonColumn } from '../db/json';
import { localDay } from '../../domain/run/windows';
import { ingestInTx } from '../conversations/ingest';
import type { Queryable } from '../db/types';
import type { QueuedReply } from '../hooks';
import { insertReply, repliesOf, sentReply } from './action-store';
import { GateSession } from './gate';
import { wakeRuns } from './wake';
import { toIso } from '../../domain/time';

/**
 * Contract 9.4 replying from the inbox: a `message` action with no enrollment, for the conversation's
 * account and contact, offered to the workspace's executor at once (no sending window: a person is
 * answering now) and counted against the sender's `message` limit through the send gate's quota.
 * Once done, the text is the thread's outbound message (its externalMessageId is the actionId, so a
 * sandbox that already wrote it there is not written twice); a failure stays on the action.
 */

/** The conversation's sender account, its limits and the day they count in (the account's zone, contract 10.2). */
async function senderDay(db: Queryable, workspaceId: string, conversationId: string, now: number, lock: boolean) {
  const found = await db.query<{ account_id: string; time_zone: string; daily_limits: unknown; warm_up: unknown }>(
    `SELECT cv.account_id, a.time_zone, a.daily_limits, a.warm_up
     FROM conversations cv JOIN accounts a ON a.id = cv.account_id
     WHERE cv.id = $1 AND cv.workspace_id = $2${lock ? ' FOR UPDATE OF cv' : ''}`,
    [conversationId, workspaceId],
  );
  const row = found.rows[0];
  if (!row) return null;
  const rules = senderRules({
    timeZone: row.time_zone,
    dailyLimits: jsonColumn(row.daily_limits) as Partial<DailyLimits>,
    warmUp: jsonColumn(row.warm_up) as WarmUp | null,
  });
  return { accountId: row.account_id, day: localDay(now, rules.timeZone), rules };
}

/** Queues the reply's action with the sender's quota of today taken, in the caller's transaction. */
export async function queueReply(
  tx: Queryable,
  workspaceId: string,
  conversationId: string,
  text: string,
  now: number,
): Promise<QueuedReply> {
  const sender = await senderDay(tx, workspaceId, conversationId, now, true);
  if (!sender) return { ok: false, why: 'not_found' };
  const gate = new GateSession(tx);
  if (!(await gate.take(sender.accountId, 'message', sender.day)).ok) return { ok: false, why: 'limit' };
  await gate.flush();
  const actionId = await insertReply(tx, { workspaceId, conversationId, accountId: sender.accountId, quotaDay: sender.day, text });
  // A person is answering now: the run workers offer it on commit, not at their next pass.
  await wakeRuns(tx);
  return { ok: true, actionId };
}

/** A reply the executor reported done becomes the thread's outbound message (idempotent on the actionId). */
export async function recordReplySent(tx: Queryable, actionId: string, now: number): Promise<void> {
  const r = await sentReply(tx, actionId);
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
  const [items, quota] = await Promise.all([
    repliesOf(db, conversationId),
    db.query<{ used: number }>(`SELECT used FROM sender_quota WHERE account_id = $1 AND kind = 'message' AND day = $2::date`, [
      sender.accountId,
      sender.day,
    ]),
  ]);
  const limit = dailyLimitOn(sender.rules, 'message', sender.day).limit;
  return { items, senderToday: { used: quota.rows[0]?.used ?? 0, limit } };
}

import type { ConversationReplies } from '../../domain/contract/conversations';
import type { ActionStatus } from '../../domain/contract/statuses';
import { msOf, ts } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { asText, fromUnnest, type Value } from '../db/unnest';
import type { OfferedAction } from '../executors/executor';
import type { GateSession } from './gate';
import { waitingReason } from './waiting';
import { toIso } from '../../domain/time';

/**
 * The one owner of `run_actions`, the intent rows of contract 9.3/9.4 (campaign actions and inbox
 * replies alike): every statement that reads or writes them is here — their shape, when one is due,
 * the claim and its lease, the answers, cancelling, the inbox's replies; with `action-slots.ts`, which
 * holds their quota slots (taken back, moved, recounted). Statuses are the contract's `ActionStatus`, put into SQL only by `status`.
 */

/** A status as an SQL literal (the contract's `ActionStatus`, never spelled in SQL by hand). */
export const status = (s: ActionStatus): string => `'${s}'`;
const statuses = (...list: ActionStatus[]): string => list.map(status).join(', ');

/** An action as claimed and offered: the row and the person it is for (an enrollment's prospect, or a reply's contact). */
export interface ActionRow {
  id: string;
  workspace_id: string;
  campaign_id: string | null;
  enrollment_id: string | null;
  visit: number | null;
  node_id: string | null;
  type: string;
  sender_account_id: string | null;
  limit_kind: string | null;
  quota_day: string | null;
  payload: OfferedAction['payload'];
  profile_url: string;
  name: string | null;
}

/** The columns a plan writes when an enrollment reaches an action (its SQL types). */
const NEW_ACTION_TYPES = {
  id: 'uuid',
  workspace_id: 'uuid',
  campaign_id: 'uuid',
  enrollment_id: 'uuid',
  visit: 'int',
  node_id: 'text',
  type: 'text',
  sender_account_id: 'uuid',
  limit_kind: 'text',
  quota_day: 'date',
  payload: 'jsonb',
  not_before: 'timestamptz',
} as const;
export type NewAction = Record<keyof typeof NEW_ACTION_TYPES, Value>;

/** Writes the intent rows of a batch; a second action for one visit of a step (contract 9.3) refuses the whole move. */
export async function insertActions(tx: Queryable, actions: readonly NewAction[]): Promise<void> {
  if (actions.length === 0) return;
  const columns = Object.keys(NEW_ACTION_TYPES) as (keyof typeof NEW_ACTION_TYPES)[];
  const { select, from } = fromUnnest(columns, NEW_ACTION_TYPES);
  const inserted = await tx.query<{ enrollment_id: string }>(
    `INSERT INTO run_actions (${columns.join(', ')}, status) SELECT ${select}, ${status('scheduled')} FROM ${from}
     ON CONFLICT (enrollment_id, visit) DO NOTHING RETURNING enrollment_id`,
    columns.map((c) => actions.map((a) => asText(a[c]))),
  );
  if (inserted.rowCount !== actions.length) {
    const written = new Set(inserted.rows.map((r) => r.enrollment_id));
    const twice = actions.find((a) => !written.has(String(a.enrollment_id)));
    throw new Error(`a second action for visit ${twice?.visit} of enrollment ${twice?.enrollment_id}`);
  }
}

/**
 * When an action is due to be offered, as SQL on alias `a` ($1 = now): a lease that ran out (a
 * crashed offer: older work, first) and a scheduled action whose slot came. Each is read by its own
 * ordered scan of its partial index that stops at the limit (an OR of both read and sorted the whole
 * backlog on every claim). An action of a campaign is due only while its campaign runs.
 */
const DUE_WAYS = [
  { state: `a.status = ${status('offered')}`, at: 'a.locked_until' },
  { state: `a.status = ${status('scheduled')}`, at: 'a.not_before' },
] as const;
const CAMPAIGN_RUNS = `(a.campaign_id IS NULL OR c.status = 'active')`;

/** The earliest instant an action becomes due (epoch ms, null when none): each way's first row in index order. */
export const NEXT_ACTION_AT = `least(${DUE_WAYS.map(
  (way) =>
    `(SELECT ${msOf(way.at)} FROM run_actions a LEFT JOIN campaigns c ON c.id = a.campaign_id WHERE ${way.state} AND ${CAMPAIGN_RUNS} ORDER BY ${way.at} LIMIT 1)`,
).join(', ')})`;

const CLAIMED_COLUMNS = `a.id, a.workspace_id, a.campaign_id, a.enrollment_id, a.visit, a.node_id, a.type, a.sender_account_id,
  a.limit_kind, a.quota_day::text AS quota_day, a.payload,
  coalesce(p.profile_url, cv.contact_profile_url, '') AS profile_url, coalesce(p.name, cv.contact_name) AS name,
  e.status AS enrollment_status, e.visit AS enrollment_visit`;
const CLAIMED_FROM = `run_actions a LEFT JOIN campaigns c ON c.id = a.campaign_id
  LEFT JOIN enrollments e ON e.id = a.enrollment_id LEFT JOIN prospects p ON p.id = e.prospect_id
  LEFT JOIN conversations cv ON cv.id = a.conversation_id`;

/**
 * Claims up to `limit` due actions — campaign actions and inbox replies share the limit — and leases
 * them (`offered`, `locked_until` = now + lease, one more attempt) in one statement. An action whose
 * enrollment ended or moved on (a reply, a stop) is cancelled instead.
 */
export async function claimDueActions(tx: Queryable, gate: GateSession, now: number, limit: number, leaseMs: number): Promise<ActionRow[]> {
  const due: (ActionRow & { enrollment_status: string | null; enrollment_visit: number | null })[] = [];
  for (const way of DUE_WAYS) {
    if (due.length >= limit) break;
    const found = await tx.query<(typeof due)[number]>(
      `SELECT ${CLAIMED_COLUMNS} FROM ${CLAIMED_FROM} WHERE ${way.state} AND ${way.at} <= $1 AND ${CAMPAIGN_RUNS}
       ORDER BY ${way.at} LIMIT $2 FOR UPDATE OF a SKIP LOCKED`,
      [ts(now), limit - due.length],
    );
    due.push(...found.rows);
  }
  const stale = due.filter((a) => a.enrollment_id !== null && (a.enrollment_status !== 'active' || a.enrollment_visit !== a.visit));
  if (stale.length > 0) await cancelActions(tx, gate, { actionIds: stale.map((a) => a.id) }, now);
  const claimed = due.filter((a) => !stale.includes(a)).map(({ enrollment_status: _s, enrollment_visit: _v, ...action }) => action);
  if (claimed.length > 0)
    await tx.query(
      `WITH offered AS (UPDATE run_actions SET status = ${status('offered')}, locked_until = $2, attempts = attempts + 1
                        WHERE id = ANY($1::uuid[]) RETURNING enrollment_id)
       UPDATE enrollments e SET waiting_reason = $3 FROM offered o WHERE e.id = o.enrollment_id AND e.waiting_reason IS DISTINCT FROM $3`,
      [claimed.map((a) => a.id), ts(now + leaseMs), waitingReason({ kind: 'offered' })],
    );
  return claimed;
}

type CancelTarget = { readonly enrollmentIds: readonly string[] } | { readonly actionIds: readonly string[] };

/**
 * Cancels actions no executor will be offered any more — those not yet offered of ended enrollments,
 * or the given ones (scheduled, or leased by the caller) — and gives their quota slots back through
 * the caller's gate session (its flush writes them).
 */
export async function cancelActions(tx: Queryable, gate: GateSession, target: CancelTarget, now: number): Promise<void> {
  const [where, ids] =
    'enrollmentIds' in target
      ? [`enrollment_id = ANY($1::uuid[]) AND status = ${status('scheduled')}`, target.enrollmentIds]
      : [`id = ANY($1::uuid[]) AND status IN (${statuses('scheduled', 'offered')})`, target.actionIds];
  if (ids.length === 0) return;
  const cancelled = await tx.query<{ sender_account_id: string | null; limit_kind: string | null; quota_day: string | null }>(
    `UPDATE run_actions SET status = ${status('cancelled')}, finished_at = $2 WHERE ${where}
     RETURNING sender_account_id, limit_kind, quota_day::text AS quota_day`,
    [ids, ts(now)],
  );
  for (const a of cancelled.rows)
    if (a.sender_account_id && a.limit_kind && a.quota_day) await gate.release(a.sender_account_id, a.limit_kind, a.quota_day);
}

/** An action as its answer finds it (locked). */
export type AnsweredAction = Pick<
  ActionRow,
  'id' | 'workspace_id' | 'campaign_id' | 'enrollment_id' | 'visit' | 'node_id' | 'type' | 'sender_account_id'
> & { status: ActionStatus; attempts: number };

/** Locks the answered actions (in id order: two batches lock alike) and keeps those still waiting for an answer. */
export async function lockAwaitingAnswer(tx: Queryable, ids: readonly string[]): Promise<Map<string, AnsweredAction>> {
  const found = await tx.query<AnsweredAction>(
    `SELECT id, status, workspace_id, campaign_id, enrollment_id, visit, node_id, type, sender_account_id, attempts FROM run_actions
     WHERE id = ANY($1::uuid[]) AND status IN (${statuses('offered', 'waiting_result')}) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return new Map(found.rows.map((a) => [a.id, a]));
}

/**
 * An undecided answer: the action is offered again at `at` with the same id (its lease given up, its
 * timeline step showing the new time). A push-back (rate_limited) is no failed attempt.
 */
export async function offerAgainAt(
  tx: Queryable,
  action: AnsweredAction,
  at: number,
  why: { error: string } | 'pushed_back',
): Promise<void> {
  await tx.query(
    `UPDATE run_actions SET status = ${status('scheduled')}, not_before = $2, locked_until = NULL,
       error = coalesce($3, error), attempts = attempts - $4 WHERE id = $1`,
    [action.id, ts(at), why === 'pushed_back' ? null : why.error, why === 'pushed_back' ? 1 : 0],
  );
  // A rate-limited sender's cool-down is its pace; a retry stays with the executor.
  if (action.enrollment_id !== null && why === 'pushed_back')
    await tx.query('UPDATE enrollments SET waiting_reason = $2 WHERE id = $1', [
      action.enrollment_id,
      waitingReason({ kind: 'gate', why: 'cooldown' }),
    ]);
  if (action.enrollment_id !== null) await showSlot(tx, action.enrollment_id, action.id, at);
}

/** The timeline step an action belongs to shows the action's new slot. */
async function showSlot(tx: Queryable, enrollmentId: string, actionId: string, at: number): Promise<void> {
  await tx.query(
    `UPDATE enrollment_steps s SET scheduled_for = $3 FROM enrollments e WHERE e.id = $1 AND s.position = e.open_step AND s.action_id = $2`,
    [enrollmentId, actionId, ts(at)],
  );
}

/** A 202 (contract 9.4): the result comes later, by POST …/actions/{id}/result. */
export async function awaitResult(tx: Queryable, actionId: string): Promise<void> {
  await tx.query(`UPDATE run_actions SET status = ${status('waiting_result')} WHERE id = $1`, [actionId]);
}

export type Decided =
  { readonly status: 'done'; readonly result: Readonly<Record<string, unknown>> } | { readonly status: 'failed'; readonly error: string };

/** The final answers of a batch, in one statement. */
export async function decideActions(tx: Queryable, decided: readonly { id: string; answer: Decided }[], now: number): Promise<void> {
  if (decided.length === 0) return;
  await tx.query(
    `UPDATE run_actions a SET status = v.status, result = v.result::jsonb, error = v.error, finished_at = $5
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS v(id, status, result, error) WHERE a.id = v.id`,
    [
      decided.map((d) => d.id),
      decided.map((d) => d.answer.status),
      decided.map((d) => (d.answer.status === 'done' ? JSON.stringify(d.answer.result) : null)),
      decided.map((d) => (d.answer.status === 'done' ? null : d.answer.error)),
      ts(now),
    ],
  );
}

/** Contract 9.4 POST …/actions/{id}/result: the action's state as the executor sees it; undefined when not the workspace's. */
export async function actionStatusOf(db: Queryable, workspaceId: string, actionId: string): Promise<ActionStatus | undefined> {
  const { rows } = await db.query<{ status: ActionStatus }>('SELECT status FROM run_actions WHERE id = $1 AND workspace_id = $2', [
    actionId,
    workspaceId,
  ]);
  return rows[0]?.status;
}

/**
 * Contract 9.4 a removed sender: has it offered a prospect an action that reaches a person (of `types`)?
 * An action out now, or one done — read from the timeline, since a decided action is pruned after
 * RETENTION_DAYS (contract 10.5): a timeline row keeps its action id once done, and a prospect changes
 * sender only before any such action.
 */
export async function senderReached(tx: Queryable, enrollmentId: string, senderId: string, types: readonly string[]): Promise<boolean> {
  const found = await tx.query(
    `SELECT 1 FROM run_actions WHERE enrollment_id = $1 AND sender_account_id = $2 AND type = ANY($3::text[])
       AND status IN (${statuses('offered', 'waiting_result')})
     UNION ALL
     SELECT 1 FROM enrollment_steps WHERE enrollment_id = $1 AND type = ANY($3::text[]) AND action_id IS NOT NULL AND status IN ('running', 'done')
     LIMIT 1`,
    [enrollmentId, senderId, types],
  );
  return found.rows.length > 0;
}

/** Contract 9.4 reply from the inbox: a `message` action without an enrollment, due at once, on the slot already taken. */
export async function insertReply(
  tx: Queryable,
  reply: { workspaceId: string; conversationId: string; accountId: string; quotaDay: string; text: string },
): Promise<string> {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO run_actions (id, workspace_id, type, sender_account_id, limit_kind, quota_day, payload, status, not_before, conversation_id)
     VALUES (gen_random_uuid(), $1, 'message', $2, 'message', $3, $4, ${status('scheduled')}, $5, $6) RETURNING id`,
    [
      reply.workspaceId,
      reply.accountId,
      reply.quotaDay,
      JSON.stringify({ text: reply.text, data: { conversationId: reply.conversationId } }),
      ts(0),
      reply.conversationId,
    ],
  );
  return inserted.rows[0]!.id;
}

/** The conversation's replies from the inbox, oldest first, as its thread shows them. */
export async function repliesOf(db: Queryable, conversationId: string): Promise<ConversationReplies['items']> {
  const { rows } = await db.query<{ id: string; text: string; status: ActionStatus; error: string | null; created_at: string | Date }>(
    `SELECT id, payload->>'text' AS text, status, error, created_at FROM run_actions WHERE conversation_id = $1 ORDER BY created_at, id`,
    [conversationId],
  );
  return rows.map((r) => ({
    actionId: r.id,
    text: r.text,
    status: r.status === 'done' ? 'sent' : r.status === 'failed' || r.status === 'cancelled' ? 'failed' : 'sending',
    error: r.status === 'cancelled' ? 'It was not sent.' : r.error,
    createdAt: toIso(r.created_at),
  }));
}

/** A reply the executor reported done: its thread and text (undefined for an action that is no inbox reply). */
export async function sentReply(tx: Queryable, actionId: string) {
  const found = await tx.query<{
    workspace_id: string;
    account_id: string;
    channel: string;
    external_conversation_id: string;
    contact_name: string;
    text: string;
  }>(
    `SELECT a.workspace_id, cv.account_id, cv.channel, cv.external_conversation_id, cv.contact_name, a.payload->>'text' AS text
     FROM run_actions a JOIN conversations cv ON cv.id = a.conversation_id WHERE a.id = $1 AND a.status = ${status('done')}`,
    [actionId],
  );
  return found.rows[0];
}

import type { LimitKind } from '../../domain/catalog';
import type { Schedule } from '../../domain/contract/schedule';
import { ts } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { status, type ActionRow } from './action-store';
import type { GateSession } from './gate';
import { waitingReason } from './waiting';

/**
 * The quota slots `run_actions` hold (the other half of the table's owner, `action-store.ts`): a
 * sender's planned slots, taking back those a removed sender or a lowered limit no longer allows,
 * moving the slots a paused campaign's resume finds passed, and recounting a day's counters from the rows.
 */

/** A sender's planned slots (scheduled campaign actions, never offered) per kind and quota day: what lowered limits may take back. */
export async function plannedSlotsOf(tx: Queryable, accountId: string): Promise<{ kind: LimitKind; day: string; n: number }[]> {
  const { rows } = await tx.query<{ kind: LimitKind; day: string; n: number }>(
    `SELECT limit_kind AS kind, quota_day::text AS day, count(*)::int AS n FROM run_actions
     WHERE sender_account_id = $1 AND status = ${status('scheduled')} AND enrollment_id IS NOT NULL AND limit_kind IS NOT NULL
     GROUP BY limit_kind, quota_day`,
    [accountId],
  );
  return rows;
}

/** Which scheduled actions to take back: a campaign's through senders it no longer has, or a sender's slots over its limits (how many per kind and day). */
type TakeBackTarget =
  | { readonly removedSendersOf: string }
  | { readonly beyondLimitsOf: string; readonly over: readonly { kind: string; day: string; n: number }[] };

const TAKE_BACK_SELECT = {
  removedSendersOf: `SELECT a.id FROM run_actions a JOIN campaigns c ON c.id = a.campaign_id
     WHERE a.campaign_id = $1 AND a.status = ${status('scheduled')} AND a.enrollment_id IS NOT NULL
       AND a.sender_account_id IS NOT NULL AND NOT (a.sender_account_id = ANY(c.sender_account_ids))`,
  // Per kind and day: its latest scheduled slots, as many as are over the limits (domain/run/sender-limits.ts).
  beyondLimitsOf: `SELECT id FROM (
       SELECT a.id, v.n, row_number() OVER (PARTITION BY a.limit_kind, a.quota_day ORDER BY a.not_before DESC, a.id DESC) AS latest
       FROM unnest($2::text[], $3::date[], $4::int[]) AS v(kind, day, n)
       JOIN run_actions a ON a.sender_account_id = $1 AND a.limit_kind = v.kind AND a.quota_day = v.day
       WHERE a.status = ${status('scheduled')} AND a.enrollment_id IS NOT NULL) s
     WHERE latest <= n`,
} as const;

/**
 * Takes back scheduled actions no executor has seen (contract 9.4 a removed sender; lowered limits):
 * they are deleted, their quota slots given back through `gate`, their timeline step forgets
 * them and their enrollment is due again at that slot — where the engine asks the gate (or the
 * sender's question) again. The number taken back.
 */
export async function takeBackActions(tx: Queryable, gate: GateSession, target: TakeBackTarget): Promise<number> {
  const [select, params] =
    'removedSendersOf' in target
      ? [TAKE_BACK_SELECT.removedSendersOf, [target.removedSendersOf]]
      : [
          TAKE_BACK_SELECT.beyondLimitsOf,
          [target.beyondLimitsOf, target.over.map((o) => o.kind), target.over.map((o) => o.day), target.over.map((o) => o.n)],
        ];
  const taken = await tx.query<Pick<ActionRow, 'id' | 'limit_kind' | 'quota_day'> & SlotHolder & { not_before: string }>(
    `DELETE FROM run_actions WHERE id IN (${select}) AND status = ${status('scheduled')}
     RETURNING id, enrollment_id, sender_account_id, limit_kind, quota_day::text AS quota_day, not_before::text`,
    params,
  );
  if (taken.rows.length === 0) return 0;
  for (const a of taken.rows) if (a.limit_kind && a.quota_day) await gate.release(a.sender_account_id, a.limit_kind, a.quota_day);
  const [actionIds, enrollmentIds, slots] = [
    taken.rows.map((a) => a.id),
    taken.rows.map((a) => a.enrollment_id),
    taken.rows.map((a) => a.not_before),
  ];
  await tx.query(
    `UPDATE enrollment_steps s SET action_id = NULL, rendered = NULL, scheduled_for = v.slot
     FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS v(action_id, enrollment_id, slot) JOIN enrollments e ON e.id = v.enrollment_id
     WHERE s.position = e.open_step AND s.action_id = v.action_id`,
    [actionIds, enrollmentIds, slots],
  );
  await tx.query(
    `UPDATE enrollments e SET next_step_at = v.slot, waiting_reason = $3 FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, slot)
     WHERE e.id = v.id AND e.status = 'active' AND e.phase = 'act'`,
    [enrollmentIds, slots, waitingReason({ kind: 'taken_back' })],
  );
  return taken.rows.length;
}

/** A scheduled action of a paused campaign whose slot passed (contract 9.3 resume never bursts). */
export type PassedSlot = Pick<ActionRow, 'id' | 'type' | 'limit_kind' | 'quota_day'> &
  SlotHolder & { schedule: Schedule; time_zone: string | null };
/** An action of a campaign's enrollment through a sender: what giving back or moving its slot needs. */
type SlotHolder = { enrollment_id: string; sender_account_id: string };

/** The campaign's scheduled actions whose slot passed, locked, in slot order. */
export async function passedSlots(tx: Queryable, campaignId: string, now: number): Promise<PassedSlot[]> {
  const stale = await tx.query<PassedSlot>(
    `SELECT a.id, a.type, a.enrollment_id, a.sender_account_id, a.limit_kind, a.quota_day::text AS quota_day, c.schedule, p.time_zone
     FROM run_actions a JOIN campaigns c ON c.id = a.campaign_id JOIN enrollments e ON e.id = a.enrollment_id JOIN prospects p ON p.id = e.prospect_id
     WHERE a.campaign_id = $1 AND a.status = ${status('scheduled')} AND a.not_before < $2 AND a.sender_account_id IS NOT NULL
     ORDER BY a.not_before, a.id FOR UPDATE OF a`,
    [campaignId, ts(now)],
  );
  return stale.rows;
}

/** An action moved to a new slot (its quota day and kind with it); its timeline step shows the new time. */
export async function moveSlot(
  tx: Queryable,
  action: PassedSlot,
  slot: number,
  quotaDay: string | null,
  kind: string | null,
): Promise<void> {
  await tx.query('UPDATE run_actions SET not_before = $2, quota_day = $3, limit_kind = $4 WHERE id = $1', [
    action.id,
    ts(slot),
    quotaDay,
    kind,
  ]);
  await tx.query(
    `UPDATE enrollment_steps s SET scheduled_for = $2 FROM enrollments e WHERE e.id = $1 AND s.position = e.open_step AND s.action_id = $3`,
    [action.enrollment_id, ts(slot), action.id],
  );
}

/** Rebuilds a sender's counters of one day from the action rows (counters never drift from them). */
export async function recountSenderQuota(tx: Queryable, accountId: string, day: string): Promise<void> {
  await tx.query(
    `UPDATE sender_quota q SET used = (
       SELECT count(*) FROM run_actions a
       WHERE a.sender_account_id = q.account_id AND a.limit_kind = q.kind AND a.quota_day = q.day AND a.status <> ${status('cancelled')})
     WHERE q.account_id = $1 AND q.day = $2`,
    [accountId, day],
  );
}

/** Slots of each sender's day (`days[i]` for `accountIds[i]`) still held by scheduled actions, per sender and kind (a gauge shows only the actions started). */
export async function scheduledSlots(db: Queryable, accountIds: readonly string[], days: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ account_id: string; kind: string; n: number }>(
    `SELECT a.sender_account_id AS account_id, a.limit_kind AS kind, count(*)::int AS n
     FROM unnest($1::uuid[], $2::date[]) AS v(id, day)
     JOIN run_actions a ON a.sender_account_id = v.id AND a.quota_day = v.day AND a.limit_kind IS NOT NULL AND a.status = ${status('scheduled')}
     GROUP BY 1, 2`,
    [accountIds, days],
  );
  return new Map(rows.map((r) => [`${r.account_id}:${r.kind}`, r.n]));
}

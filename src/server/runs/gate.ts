import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import type { LimitKind } from '../../domain/catalog';
import { localDay, nextLocalDayStart, nextWindowStart, windowFrom, type SendingSchedule } from '../../domain/run/windows';
import type { Queryable } from '../db/types';
import { msOf, ts } from './time-sql';

/**
 * The send gate (contract 9.3): in the caller's transaction, either a slot for one action of a
 * sender — inside the prospect's window, under the sender's daily limit of that kind, at least one
 * spacing after its previous slot, after any rate_limited cool-down — with the quota taken, or the
 * instant to try again. An enrollment thus never holds a quota slot while it waits.
 */

export interface GateRequest {
  readonly accountId: string;
  /** Absent: the action is not limited (it still keeps to the window and the spacing). */
  readonly kind: LimitKind | undefined;
  readonly schedule: SendingSchedule;
  /** The zone the prospect's window is read in (windows.ts `windowZone`). */
  readonly windowZone: string;
  readonly now: number;
  /** This slot's spacing to the sender's next one (ACTION_SPACING_S with its ±50 % already drawn). */
  readonly spacingMs: number;
}

export type GateVerdict =
  | { readonly ok: true; readonly slot: number; readonly quotaDay: string | null }
  | { readonly ok: false; readonly retryAt: number; readonly why: 'cooldown' | 'window' | 'limit' };

const DAY_MS = 86_400_000;

/** One draw of a sender's spacing (contract 9.3 ACTION_SPACING_S, ±50 % at random). */
export const drawSpacing = (pacing: { readonly spacingMs: number; readonly random: () => number }): number =>
  pacing.spacingMs * (0.5 + pacing.random());

/** Takes one slot of the sender's day quota; false when the day is full. Atomic across processes, one statement. */
export async function takeQuota(tx: Queryable, accountId: string, kind: LimitKind, day: string): Promise<boolean> {
  // The limit is read from the account in the same statement; ON CONFLICT re-checks it on the locked row.
  const taken = await tx.query(
    `INSERT INTO sender_quota AS q (account_id, kind, day, used)
     SELECT a.id, $2, $3, 1 FROM accounts a WHERE a.id = $1 AND coalesce((a.daily_limits ->> $2)::int, $4) > 0
     ON CONFLICT (account_id, kind, day) DO UPDATE SET used = q.used + 1
     WHERE q.used < (SELECT coalesce((a.daily_limits ->> $2)::int, $4) FROM accounts a WHERE a.id = q.account_id)`,
    [accountId, kind, day, DEFAULT_DAILY_LIMITS[kind]],
  );
  return taken.rowCount === 1;
}

/** Gives a slot back (an action cancelled before it was offered). */
export async function releaseQuota(tx: Queryable, accountId: string, kind: string, day: string): Promise<void> {
  await tx.query('UPDATE sender_quota SET used = used - 1 WHERE account_id = $1 AND kind = $2 AND day = $3 AND used > 0', [
    accountId,
    kind,
    day,
  ]);
}

/** Rebuilds a sender's counters of one day from the action rows (counters never drift from them). */
export async function recountSenderQuota(tx: Queryable, accountId: string, day: string): Promise<void> {
  await tx.query(
    `UPDATE sender_quota q SET used = (
       SELECT count(*) FROM run_actions a
       WHERE a.sender_account_id = q.account_id AND a.limit_kind = q.kind AND a.quota_day = q.day AND a.status <> 'cancelled')
     WHERE q.account_id = $1 AND q.day = $2`,
    [accountId, day],
  );
}

interface Pacing {
  next_slot: number;
  cooldown: number | null;
}

/**
 * The sender's pacing row. With a spacing to keep it is locked (each slot follows the previous one);
 * without, it is only read, so steps of one sender in other transactions do not wait for each other.
 */
async function pacingOf(tx: Queryable, accountId: string, spacingMs: number): Promise<Pacing> {
  const columns = `${msOf('next_slot_at')} AS next_slot, ${msOf('cooldown_until')} AS cooldown`;
  if (spacingMs > 0) {
    const locked = await tx.query<Pacing>(
      `INSERT INTO sender_pacing AS s (account_id, next_slot_at) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET next_slot_at = s.next_slot_at RETURNING ${columns}`,
      [accountId, ts(0)],
    );
    return locked.rows[0]!;
  }
  const read = await tx.query<Pacing>(`SELECT ${columns} FROM sender_pacing WHERE account_id = $1`, [accountId]);
  if (read.rows[0]) return read.rows[0];
  // The row must exist: a rate_limited answer writes its cool-down there.
  await tx.query('INSERT INTO sender_pacing (account_id, next_slot_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [accountId, ts(0)]);
  return { next_slot: 0, cooldown: null };
}

export async function passGate(tx: Queryable, request: GateRequest): Promise<GateVerdict> {
  const { accountId, kind, schedule, windowZone, now } = request;
  const { next_slot: nextSlot, cooldown } = await pacingOf(tx, accountId, request.spacingMs);
  if (cooldown !== null && cooldown > now) return { ok: false, retryAt: cooldown, why: 'cooldown' };
  const window = windowFrom(now, schedule, windowZone);
  // A schedule without any window cannot be saved (contract 9.3 schedule rules); look again tomorrow.
  if (!window) return { ok: false, retryAt: now + DAY_MS, why: 'window' };
  if (window.start > now) return { ok: false, retryAt: window.start, why: 'window' };
  const slot = Math.max(now, nextSlot);
  if (slot >= window.end) return { ok: false, retryAt: nextWindowStart(window.end, schedule, windowZone) ?? now + DAY_MS, why: 'window' };
  let quotaDay: string | null = null;
  if (kind !== undefined) {
    quotaDay = localDay(slot, schedule.timeZone);
    if (!(await takeQuota(tx, accountId, kind, quotaDay))) {
      const tomorrow = nextLocalDayStart(slot, schedule.timeZone);
      return { ok: false, retryAt: nextWindowStart(tomorrow, schedule, windowZone) ?? tomorrow, why: 'limit' };
    }
  }
  if (request.spacingMs > 0)
    await tx.query('UPDATE sender_pacing SET next_slot_at = $2 WHERE account_id = $1', [accountId, ts(slot + request.spacingMs)]);
  return { ok: true, slot, quotaDay };
}

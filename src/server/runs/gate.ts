import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import type { LimitKind } from '../../domain/catalog';
import { localDay, nextLocalDayStart, nextWindowStart, windowFrom, type SendingSchedule } from '../../domain/run/windows';
import type { Queryable } from '../db/types';
import { msOf, ts } from '../db/time-sql';

/**
 * The send gate (contract 9.3): in the caller's transaction (a `GateSession`), either a slot for one action of a
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

/** Gives a slot back outside any session's counting (an action cancelled before it was offered). */
async function releaseQuota(tx: Queryable, accountId: string, kind: string, day: string): Promise<void> {
  await tx.query('UPDATE sender_quota SET used = used - 1 WHERE account_id = $1 AND kind = $2 AND day = $3 AND used > 0', [
    accountId,
    kind,
    day,
  ]);
}

/** Contract 9.4/10.2 rate_limited: the sender takes no action until `until` (its `Retry-After` exactly). */
export async function coolDown(tx: Queryable, accountId: string, until: number): Promise<void> {
  await tx.query('UPDATE sender_pacing SET cooldown_until = greatest(coalesce(cooldown_until, $2), $2) WHERE account_id = $1', [
    accountId,
    ts(until),
  ]);
}

interface Pacing {
  next_slot: number;
  cooldown: number | null;
  /** The sender's own spacing (the demo's sender, migration 051), in place of ACTION_SPACING_S; null for the others. */
  own_spacing: number | null;
}

interface DayQuota {
  used: number;
  limit: number;
  /** Slots taken (positive) or given back (negative) in this session, written at flush. */
  delta: number;
  /** The row is locked by this transaction (read with a lock, or the day was found full). */
  locked: boolean;
}

/**
 * An optimistic session found at flush that other transactions took the slots it counted on: the
 * caller runs its transaction again with a locking session (`withQuotaRetry`).
 */
export class QuotaRaced extends Error {
  constructor() {
    super('another transaction took the sender’s last slots of the day first');
  }
}

/**
 * Runs `work` (a whole transaction) with an optimistic gate session, and once more with a locking
 * one if the optimistic one lost a race for a sender's last slots of a day.
 */
export async function withQuotaRetry<T>(work: (optimistic: boolean) => Promise<T>): Promise<T> {
  try {
    return await work(true);
  } catch (error) {
    if (!(error instanceof QuotaRaced)) throw error;
    return work(false);
  }
}

/**
 * A sender's limit is read under a key-share lock on its account row, held to commit: a change of its
 * limits (which locks the row for update and gives back the slots above a lowered limit) waits for
 * the transactions counting on the old one, and those after it read the new one (issue 33 item 6).
 */
const LOCK_QUOTA = `WITH sender AS (SELECT id, coalesce((daily_limits ->> $2)::int, $4) AS day_limit FROM accounts WHERE id = $1 FOR KEY SHARE),
  locked AS (INSERT INTO sender_quota AS q (account_id, kind, day, used) SELECT id, $2, $3, 0 FROM sender WHERE day_limit > 0
             ON CONFLICT (account_id, kind, day) DO UPDATE SET used = q.used RETURNING used)
  SELECT coalesce((SELECT used FROM locked), 0) AS used, (SELECT day_limit FROM sender) AS day_limit`;

const READ_QUOTA = `SELECT coalesce(q.used, 0) AS used, coalesce((a.daily_limits ->> $2)::int, $4) AS day_limit
  FROM accounts a LEFT JOIN sender_quota q ON q.account_id = a.id AND q.kind = $2 AND q.day = $3 WHERE a.id = $1 FOR KEY SHARE OF a`;

/**
 * The send gate of one transaction: each sender's pacing row and each day quota it touches are read
 * once, kept here while the transaction's rows go through the gate one by one, and written back by
 * `flush` — exact across processes. A locking session locks each day quota it takes from (held to
 * commit). An optimistic one (for transactions that can run again) only reads it, and at flush
 * adds its slots in one conditional statement per day, in key order: the lock is then held from
 * the flush to the commit only, so two processes moving one sender's prospects work side by side;
 * a day found full is locked and read again before the gate says so. Without a spacing to keep,
 * the pacing row is only read, so one sender's steps in other transactions do not wait for each other.
 */
export class GateSession {
  private readonly pacing = new Map<string, Pacing & { dirty: boolean }>();
  private readonly quota = new Map<string, DayQuota>();

  constructor(
    private readonly tx: Queryable,
    private readonly optimistic = false,
  ) {}

  async pacingOf(accountId: string, spacingMs: number): Promise<Pacing & { dirty: boolean }> {
    let found = this.pacing.get(accountId);
    if (!found) {
      found = { ...(await readPacing(this.tx, accountId, spacingMs)), dirty: false };
      this.pacing.set(accountId, found);
    }
    return found;
  }

  /** Takes one slot of the sender's day quota; false when the day is full. */
  async take(accountId: string, kind: LimitKind, day: string): Promise<boolean> {
    const key = `${accountId}:${kind}:${day}`;
    let found = this.quota.get(key);
    if (!found) {
      found = { ...(await this.readQuota(accountId, kind, day, !this.optimistic)), delta: 0 };
      this.quota.set(key, found);
    }
    // Full as last read by an optimistic session: only the locked row may say so.
    if (found.used + found.delta >= found.limit && !found.locked) {
      Object.assign(found, await this.readQuota(accountId, kind, day, true));
      // Slots already counted on are no longer there: the transaction runs again, locking.
      if (found.used + found.delta > found.limit) throw new QuotaRaced();
    }
    if (found.used + found.delta >= found.limit) return false;
    found.delta++;
    return true;
  }

  private async readQuota(accountId: string, kind: LimitKind, day: string, lock: boolean): Promise<Omit<DayQuota, 'delta'>> {
    const read = await this.tx.query<{ used: number; day_limit: number }>(lock ? LOCK_QUOTA : READ_QUOTA, [
      accountId,
      kind,
      day,
      DEFAULT_DAILY_LIMITS[kind],
    ]);
    const row = read.rows[0];
    return { used: row?.used ?? 0, limit: row?.day_limit ?? 0, locked: lock };
  }

  /** Gives a slot back (an action cancelled before it was offered). */
  async release(accountId: string, kind: string, day: string): Promise<void> {
    const found = this.quota.get(`${accountId}:${kind}:${day}`);
    if (found && found.used + found.delta > 0) found.delta--;
    else if (!found) await releaseQuota(this.tx, accountId, kind, day);
  }

  async flush(): Promise<void> {
    for (const [accountId, p] of this.pacing)
      if (p.dirty) await this.tx.query('UPDATE sender_pacing SET next_slot_at = $2 WHERE account_id = $1', [accountId, ts(p.next_slot)]);
    for (const key of [...this.quota.keys()].sort()) {
      const q = this.quota.get(key)!;
      if (q.delta === 0) continue;
      const [accountId, kind, day] = key.split(':');
      if (q.locked || q.delta < 0) {
        await this.tx.query('UPDATE sender_quota SET used = greatest(0, used + $4) WHERE account_id = $1 AND kind = $2 AND day = $3', [
          accountId,
          kind,
          day,
          q.delta,
        ]);
        continue;
      }
      // The slots counted on from an unlocked read: added only if the day still has them.
      const added = await this.tx.query(
        `INSERT INTO sender_quota AS q (account_id, kind, day, used) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, kind, day) DO UPDATE SET used = q.used + $4 WHERE q.used + $4 <= $5`,
        [accountId, kind, day, q.delta, q.limit],
      );
      if (added.rowCount !== 1) throw new QuotaRaced();
    }
    this.pacing.clear();
    this.quota.clear();
  }
}

/**
 * The sender's pacing row. With a spacing to keep it is locked (each slot follows the previous one);
 * without, it is only read.
 */
async function readPacing(tx: Queryable, accountId: string, spacingMs: number): Promise<Pacing> {
  const columns = `${msOf('next_slot_at')} AS next_slot, ${msOf('cooldown_until')} AS cooldown, spacing_ms AS own_spacing`;
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
  return { next_slot: 0, cooldown: null, own_spacing: null };
}

export async function passGate(session: GateSession, request: GateRequest): Promise<GateVerdict> {
  const { accountId, kind, schedule, windowZone, now } = request;
  const pacing = await session.pacingOf(accountId, request.spacingMs);
  const { next_slot: nextSlot, cooldown } = pacing;
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
    if (!(await session.take(accountId, kind, quotaDay))) {
      const tomorrow = nextLocalDayStart(slot, schedule.timeZone);
      return { ok: false, retryAt: nextWindowStart(tomorrow, schedule, windowZone) ?? tomorrow, why: 'limit' };
    }
  }
  const spacingMs = pacing.own_spacing ?? request.spacingMs;
  if (spacingMs > 0) {
    // Whole milliseconds, as the column keeps them (it is read back as such by the next transaction).
    pacing.next_slot = Math.trunc(slot + spacingMs);
    pacing.dirty = true;
  }
  return { ok: true, slot, quotaDay };
}

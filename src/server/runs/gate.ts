import type { WarmUp, WeeklyLimits } from '../../domain/contract/accounts';
import type { DailyLimits } from '../../domain/contract/schedule';
import type { LimitKind } from '../../domain/catalog';
import {
  addDays,
  dailyLimitOn,
  nextDayWithWeekRoom,
  senderRules,
  WEEK_DAYS,
  weekCount,
  weeklyLimitOf,
  weekRoom,
  weeksAround,
  type SenderRules,
} from '../../domain/run/sender-limits';
import { localDay, localDayStart, nextWindowStart, windowFrom, type SendingSchedule } from '../../domain/run/windows';
import { jsonColumn } from '../db/json';
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
  | { readonly ok: false; readonly retryAt: number; readonly why: 'cooldown' | 'window' | QuotaRefusal };

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
  /** The day's limit (under warm-up, its ceiling that day) as this session read it. */
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

/** Why a slot of a day was refused: the day's limit, the warm-up's lower one, or a rolling week's. */
export type QuotaRefusal = 'limit' | 'warm_up' | 'weekly';
export type QuotaVerdict = { readonly ok: true } | { readonly ok: false; readonly why: QuotaRefusal; readonly retryDay: string };

/** One rolling-week ledger of a sender and kind: the days read around the ones it took from, and its slots taken or given back. */
interface WeekLedger {
  readonly limit: number;
  readonly read: Map<string, number>;
  readonly delta: Map<string, number>;
  /** The sender_week row is locked by this transaction: no other one adds to these days until commit. */
  locked: boolean;
}

/**
 * A sender's limits are read under a key-share lock on its account row, held to commit: a change of its
 * limits (which locks the row for update and gives back the slots above a lowered limit) waits for
 * the transactions counting on the old ones, and those after it read the new ones (issue 33 item 6).
 */
const READ_RULES = `SELECT time_zone, daily_limits, weekly_limits, warm_up FROM accounts WHERE id = $1 FOR KEY SHARE`;
const LOCK_DAY = `INSERT INTO sender_quota AS q (account_id, kind, day, used) VALUES ($1, $2, $3, 0)
  ON CONFLICT (account_id, kind, day) DO UPDATE SET used = q.used RETURNING used`;
const READ_DAY = `SELECT used FROM sender_quota WHERE account_id = $1 AND kind = $2 AND day = $3`;
const LOCK_WEEK = `INSERT INTO sender_week AS w (account_id, kind) VALUES ($1, $2) ON CONFLICT (account_id, kind) DO UPDATE SET kind = w.kind`;
const READ_DAYS = `SELECT day::text AS day, used FROM sender_quota WHERE account_id = $1 AND kind = $2 AND day = ANY($3::date[])`;

/**
 * The send gate of one transaction: each sender's limits, pacing row and each day quota it touches
 * are read once, kept here while the transaction's rows go through the gate one by one, and written
 * back by `flush` — exact across processes. A locking session locks each day quota it takes from
 * (held to commit), and before it the sender's week row of a kind with a weekly limit. An optimistic
 * one (for transactions that can run again) only reads them, and at flush locks the weeks it took
 * from (reading their days again) and adds its slots in one conditional statement per day, in key
 * order: the locks are then held from the flush to the commit only, so two processes moving one
 * sender's prospects work side by side; a day or week found full is locked and read again before
 * the gate says so. Without a spacing to keep, the pacing row is only read, so one sender's steps in
 * other transactions do not wait for each other. Days are the account's own (contract 10.2 timeZone).
 */
export class GateSession {
  private readonly pacing = new Map<string, Pacing & { dirty: boolean }>();
  private readonly rules = new Map<string, SenderRules | null>();
  private readonly quota = new Map<string, DayQuota>();
  private readonly weeks = new Map<string, WeekLedger>();

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

  /** The sender's limits and zone (null: no such account, it takes nothing). */
  async rulesOf(accountId: string): Promise<SenderRules | null> {
    if (this.rules.has(accountId)) return this.rules.get(accountId)!;
    const read = await this.tx.query<{ time_zone: string; daily_limits: unknown; weekly_limits: unknown; warm_up: unknown }>(READ_RULES, [
      accountId,
    ]);
    const row = read.rows[0];
    const rules = row
      ? senderRules({
          timeZone: row.time_zone,
          dailyLimits: jsonColumn(row.daily_limits) as Partial<DailyLimits>,
          weeklyLimits: jsonColumn(row.weekly_limits) as Partial<WeeklyLimits>,
          warmUp: jsonColumn(row.warm_up) as WarmUp | null,
        })
      : null;
    this.rules.set(accountId, rules);
    return rules;
  }

  /** Takes one slot of the sender's quota of a kind on a (local) day, or says which limit refused it. */
  async take(accountId: string, kind: LimitKind, day: string): Promise<QuotaVerdict> {
    const rules = await this.rulesOf(accountId);
    if (rules === null) return { ok: false, why: 'limit', retryDay: addDays(day, 1) };
    const { limit, byWarmUp } = dailyLimitOn(rules, kind, day);
    const weekly = weeklyLimitOf(rules, kind);
    const week = weekly === null ? null : await this.weekOf(accountId, kind, day, weekly);
    if (limit === 0) return { ok: false, why: byWarmUp ? 'warm_up' : 'limit', retryDay: addDays(day, 1) };
    const key = `${accountId}:${kind}:${day}`;
    let found = this.quota.get(key);
    if (!found) {
      found = { ...(await this.readDay(accountId, kind, day, !this.optimistic)), limit, delta: 0 };
      this.quota.set(key, found);
    }
    // Full as last read by an optimistic session: only the locked row may say so.
    if (found.used + found.delta >= found.limit && !found.locked) {
      Object.assign(found, await this.readDay(accountId, kind, day, true));
      // Slots already counted on are no longer there: the transaction runs again, locking.
      if (found.used + found.delta > found.limit) throw new QuotaRaced();
    }
    if (found.used + found.delta >= found.limit) return { ok: false, why: byWarmUp ? 'warm_up' : 'limit', retryDay: addDays(day, 1) };
    if (week !== null) {
      const used = weekUsed(week);
      if (weekRoom(used, day, week.limit) === 0 && !week.locked) await this.lockWeek(accountId, kind, week);
      if (weekRoom(used, day, week.limit) === 0) return { ok: false, why: 'weekly', retryDay: nextDayWithWeekRoom(used, day, week.limit) };
      week.delta.set(day, (week.delta.get(day) ?? 0) + 1);
    }
    found.delta++;
    return { ok: true };
  }

  /** The rolling-week ledger of a sender and kind, with the 13 days around `day` read (locked first in a locking session). */
  private async weekOf(accountId: string, kind: LimitKind, day: string, limit: number): Promise<WeekLedger> {
    const key = `${accountId}:${kind}`;
    let week = this.weeks.get(key);
    if (!week) {
      week = { limit, read: new Map(), delta: new Map(), locked: false };
      this.weeks.set(key, week);
      if (!this.optimistic) {
        await this.tx.query(LOCK_WEEK, [accountId, kind]);
        week.locked = true;
      }
    }
    const missing = weeksAround(day).filter((d) => !week.read.has(d));
    if (missing.length > 0) await this.readDays(accountId, kind, week, missing);
    return week;
  }

  private async readDays(accountId: string, kind: string, week: WeekLedger, days: readonly string[]): Promise<void> {
    const read = await this.tx.query<{ day: string; used: number }>(READ_DAYS, [accountId, kind, days]);
    for (const d of days) week.read.set(d, 0);
    for (const row of read.rows) week.read.set(row.day, row.used);
  }

  /**
   * Locks a week and reads its days again: no other transaction adds to them until commit. The slots
   * this session counted on must still fit, else it runs again, locking from the start.
   */
  private async lockWeek(accountId: string, kind: string, week: WeekLedger): Promise<void> {
    await this.tx.query(LOCK_WEEK, [accountId, kind]);
    week.locked = true;
    const taken = [...week.delta].filter(([, n]) => n > 0).map(([d]) => d);
    const days = new Set([...week.read.keys(), ...taken.flatMap(weeksAround)]);
    await this.readDays(accountId, kind, week, [...days]);
    const used = weekUsed(week);
    for (const d of taken) for (let i = 0; i < WEEK_DAYS; i++) if (weekCount(used, addDays(d, i)) > week.limit) throw new QuotaRaced();
  }

  private async readDay(accountId: string, kind: LimitKind, day: string, lock: boolean): Promise<Pick<DayQuota, 'used' | 'locked'>> {
    const read = await this.tx.query<{ used: number }>(lock ? LOCK_DAY : READ_DAY, [accountId, kind, day]);
    return { used: read.rows[0]?.used ?? 0, locked: lock };
  }

  /** Gives a slot back (an action cancelled before it was offered). */
  async release(accountId: string, kind: string, day: string): Promise<void> {
    const week = this.weeks.get(`${accountId}:${kind}`);
    const found = this.quota.get(`${accountId}:${kind}:${day}`);
    if (found && found.used + found.delta > 0) {
      found.delta--;
      if (week?.read.has(day)) week.delta.set(day, (week.delta.get(day) ?? 0) - 1);
    } else if (!found) {
      // Written at once: the week's reading of that day follows the row.
      await releaseQuota(this.tx, accountId, kind, day);
      const read = week?.read.get(day);
      if (read !== undefined) week!.read.set(day, Math.max(0, read - 1));
    }
  }

  async flush(): Promise<void> {
    for (const [accountId, p] of this.pacing)
      if (p.dirty) await this.tx.query('UPDATE sender_pacing SET next_slot_at = $2 WHERE account_id = $1', [accountId, ts(p.next_slot)]);
    // The weeks an optimistic session took from are locked, and checked again, before their days.
    for (const key of [...this.weeks.keys()].sort()) {
      const week = this.weeks.get(key)!;
      if (week.locked || ![...week.delta.values()].some((n) => n > 0)) continue;
      const [accountId, kind] = key.split(':');
      await this.lockWeek(accountId!, kind!, week);
    }
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
    this.weeks.clear();
  }
}

/** What a week ledger counts on a day: as read, plus what this session took there. */
const weekUsed =
  (week: WeekLedger) =>
  (day: string): number =>
    (week.read.get(day) ?? 0) + (week.delta.get(day) ?? 0);

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
    // Contract 10.2: a sender's days are its own zone's.
    const zone = (await session.rulesOf(accountId))?.timeZone ?? 'UTC';
    quotaDay = localDay(slot, zone);
    const taken = await session.take(accountId, kind, quotaDay);
    if (!taken.ok) {
      const then = localDayStart(taken.retryDay, zone);
      return { ok: false, retryAt: nextWindowStart(then, schedule, windowZone) ?? then, why: taken.why };
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

import { DEFAULT_WEEKLY_LIMITS, type WarmUp, type WeeklyLimits } from '../contract/accounts';
import { WEEK_DAYS } from '../contract/runs';
import { DEFAULT_DAILY_LIMITS, type DailyLimitKind, type DailyLimits } from '../contract/schedule';

/**
 * Contract 10.2 a sender's limits, computed on calendar days of the account's own zone ("2026-03-02"):
 * the daily limit of a day under warm-up, the rolling weeks a day belongs to, the room they leave,
 * and the slots over them after a change. Pure, so the engine's gate, the run view's gauges, the
 * forecast and the account form read one answer.
 */

/** What the gate needs of an account: its zone and its three kinds of limits. */
export interface SenderRules {
  readonly timeZone: string;
  readonly dailyLimits: DailyLimits;
  readonly weeklyLimits: WeeklyLimits;
  readonly warmUp: WarmUp | null;
}

export { WEEK_DAYS };
const DAY_MS = 86_400_000;

const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The calendar day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => dayOf(dayMs(day) + n * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** The rules an account row holds, with contract defaults for what it does not say. */
export function senderRules(row: {
  timeZone?: string | null;
  dailyLimits?: Partial<DailyLimits> | null;
  weeklyLimits?: Partial<WeeklyLimits> | null;
  warmUp?: WarmUp | null;
}): SenderRules {
  return {
    timeZone: row.timeZone ?? 'UTC',
    dailyLimits: { ...DEFAULT_DAILY_LIMITS, ...row.dailyLimits },
    weeklyLimits: { ...DEFAULT_WEEKLY_LIMITS, ...row.weeklyLimits },
    warmUp: row.warmUp ?? null,
  };
}

/** The warm-up's ceiling on `day`: `startDaily + addPerDay × days since startedOn` (startDaily before it). */
export const warmUpCeiling = (warmUp: WarmUp, day: string): number =>
  warmUp.startDaily + warmUp.addPerDay * Math.max(0, daysBetween(warmUp.startedOn, day));

/** The daily limit of a kind on a day, and whether the warm-up is what holds it there. */
export function dailyLimitOn(rules: SenderRules, kind: DailyLimitKind, day: string): { limit: number; byWarmUp: boolean } {
  const limit = rules.dailyLimits[kind];
  if (rules.warmUp === null) return { limit, byWarmUp: false };
  const ceiling = warmUpCeiling(rules.warmUp, day);
  return ceiling < limit ? { limit: ceiling, byWarmUp: true } : { limit, byWarmUp: false };
}

/** The weekly limit of a kind, or null when that kind has none. */
export const weeklyLimitOf = (rules: SenderRules, kind: DailyLimitKind): number | null => rules.weeklyLimits[kind] ?? null;

/** The days whose counts decide the rolling weeks `day` belongs to: 6 before it to 6 after it. */
export const weeksAround = (day: string): string[] =>
  Array.from({ length: 2 * WEEK_DAYS - 1 }, (_, i) => addDays(day, i - (WEEK_DAYS - 1)));

/** Actions counted in the rolling week ending on `day`. */
export function weekCount(used: (day: string) => number, day: string): number {
  let sum = 0;
  for (let i = 0; i < WEEK_DAYS; i++) sum += used(addDays(day, -i));
  return sum;
}

/** How many more actions `day` may take without any rolling week that holds it going over `limit`. */
export function weekRoom(used: (day: string) => number, day: string, limit: number): number {
  let room = Infinity;
  for (let i = 0; i < WEEK_DAYS; i++) room = Math.min(room, limit - weekCount(used, addDays(day, i)));
  return Math.max(0, room);
}

/** The first day after `day` with room in its rolling weeks, counting what is taken so far (at most a week on). */
export function nextDayWithWeekRoom(used: (day: string) => number, day: string, limit: number): string {
  for (let i = 1; i < WEEK_DAYS; i++) if (weekRoom(used, addDays(day, i), limit) > 0) return addDays(day, i);
  return addDays(day, WEEK_DAYS);
}

/**
 * After a change of limits: how many slots of each day to give back so that no day is over its daily
 * limit and no rolling week over the weekly one — the latest days first (the slots furthest out).
 * Only `takeable` slots (planned, not yet offered) can be given back; counts are every slot taken.
 */
export function slotsOverLimits(
  rules: SenderRules,
  kind: DailyLimitKind,
  counts: ReadonlyMap<string, number>,
  takeable: ReadonlyMap<string, number> = counts,
): Map<string, number> {
  const left = new Map(counts);
  const give = new Map<string, number>();
  const giveBack = (day: string, wanted: number): number => {
    const n = Math.min(wanted, (takeable.get(day) ?? 0) - (give.get(day) ?? 0), left.get(day) ?? 0);
    if (n <= 0) return 0;
    left.set(day, left.get(day)! - n);
    give.set(day, (give.get(day) ?? 0) + n);
    return n;
  };
  const days = [...counts.keys()].sort();
  for (const day of days) giveBack(day, (counts.get(day) ?? 0) - dailyLimitOn(rules, kind, day).limit);
  const weekly = weeklyLimitOf(rules, kind);
  if (weekly === null) return give;
  const used = (day: string) => left.get(day) ?? 0;
  for (const end of days) {
    let over = weekCount(used, end) - weekly;
    for (let back = 0; over > 0 && back < WEEK_DAYS; back++) over -= giveBack(addDays(end, -back), over);
  }
  return give;
}

/** A warm-up's ramp from `today`: today's ceiling, and the day it reaches the daily limit (null: already there). */
export function rampFrom(warmUp: WarmUp, limit: number, today: string): { today: number; fullOn: string | null } {
  const now = Math.min(limit, warmUpCeiling(warmUp, today));
  if (now >= limit) return { today: now, fullOn: null };
  if (warmUp.addPerDay === 0) return { today: now, fullOn: null };
  const fromStart = Math.ceil((limit - warmUp.startDaily) / warmUp.addPerDay);
  return { today: now, fullOn: addDays(warmUp.startedOn, fromStart) };
}

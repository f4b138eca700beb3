import type { WarmUp } from '../../domain/contract/accounts';
import { rampFrom } from '../../domain/run/sender-limits';
import { calendarDayWords, formatCount } from './format';

/**
 * A sender's warm-up in users' words, from its own today ("2026-03-02" in its zone) and the daily limit
 * the ramp climbs to: "Warming up: 12 a day, 20 from Thursday". The account form's preview and the run
 * view's sender gauges say it the same way.
 */
export function rampSentence(warmUp: WarmUp, limit: number, today: string): string {
  const ramp = rampFrom(warmUp, limit, today);
  if (ramp.fullOn !== null)
    return `Warming up: ${formatCount(ramp.today)} a day, ${formatCount(limit)} from ${calendarDayWords(ramp.fullOn, today)}`;
  if (ramp.today >= limit) return `Warm-up done: the daily limit of ${formatCount(limit)} applies`;
  return `Warming up: ${formatCount(ramp.today)} a day, not rising (none added per day)`;
}

/** Whether a warm-up still holds the daily limit below `limit` on the sender's `today`. */
export const warmingUp = (warmUp: WarmUp | null, limit: number, today: string): warmUp is WarmUp =>
  warmUp !== null && rampFrom(warmUp, limit, today).today < limit;

/** A sender's rolling week of one kind against its weekly limit (the run view's "this week" gauge). */
export const weekGaugeSentence = (kind: string, used: number, limit: number): string =>
  `${kind}: ${formatCount(used)} of ${formatCount(limit)} this week (any 7 days in a row), all campaigns`;

import type { WarmUp } from '../../../domain/contract/accounts';
import { rampFrom } from '../../../domain/run/sender-limits';
import { calendarDayWords, formatCount } from '../../ui/format';

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

/** A weekly cap as users read it: "100 a week", or "no weekly cap". */
export const weeklyCapWords = (cap: number | null | undefined): string =>
  cap === null || cap === undefined ? 'no weekly cap' : `${formatCount(cap)} a week`;

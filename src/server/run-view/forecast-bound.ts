import { MAX_FORECAST_AUDIENCE, type ForecastInput } from '../../domain/contract/runs';
import type { DailyLimitKind } from '../../domain/contract/schedule';

/**
 * The forecast simulates at most MAX_FORECAST_AUDIENCE prospects: a larger run (1M enrollments) is
 * forecast as 1/k of itself with 1/k of each sender's limits (daily, weekly, its warm-up's ramp) and of what they used — a run
 * held by its limits then finishes when the whole would, and one held by its waits does anyway.
 */
export function withinForecastBound(input: Omit<ForecastInput, 'startAt'>): Omit<ForecastInput, 'startAt'> {
  const audience = input.audienceSize + (input.underway ?? []).reduce((sum, u) => sum + u.prospects, 0);
  const k = Math.ceil(audience / MAX_FORECAST_AUDIENCE);
  if (k <= 1) return input;
  const part = (n: number) => Math.floor(n / k);
  const perKind = (counts: Partial<Record<DailyLimitKind, number>> | undefined, least: number) =>
    Object.fromEntries(Object.entries(counts ?? {}).map(([kind, n]) => [kind, n === 0 ? 0 : Math.max(least, part(n))]));
  return {
    ...input,
    audienceSize: part(input.audienceSize),
    underway: (input.underway ?? []).map((u) => ({ ...u, prospects: part(u.prospects) })).filter((u) => u.prospects > 0),
    senders: input.senders.map((s) => ({
      ...s,
      dailyLimits: perKind(s.dailyLimits, 1),
      usedToday: perKind(s.usedToday, 0),
      weeklyLimits: perKind(s.weeklyLimits, 1),
      usedDaysBefore: Object.fromEntries(Object.entries(s.usedDaysBefore ?? {}).map(([kind, days]) => [kind, days.map(part)])),
      warmUp: s.warmUp && { ...s.warmUp, startDaily: Math.max(1, part(s.warmUp.startDaily)), addPerDay: part(s.warmUp.addPerDay) },
    })),
  };
}

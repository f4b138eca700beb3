import { describe, expect, it } from 'vitest';
import { forecastCampaign } from '../../domain/forecast';
import { MAX_FORECAST_AUDIENCE } from '../../domain/contract/runs';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { withinForecastBound } from './forecast-bound';

const sender = (limit: number, used: number) => ({
  accountId: 'a1',
  channel: 'professional_network' as const,
  dailyLimits: { connection_request: limit, message: 0 },
  usedToday: { connection_request: used },
});

describe('the run view forecasts a run larger than the forecast simulates (1M enrollments)', () => {
  it('keeps a run within the bound as it is', () => {
    const input = {
      definition: connectionOnlyGraph(),
      senders: [sender(100, 3)],
      audienceSize: 90_000,
      underway: [{ nodeId: 'invite', prospects: 10_000 }],
    };
    expect(withinForecastBound(input)).toBe(input);
  });

  it('forecasts 1/k of a larger run with 1/k of the limits: within the bound, and finishing when the whole would', () => {
    const whole = {
      definition: connectionOnlyGraph(),
      senders: [sender(1000, 40)],
      audienceSize: 700_000,
      underway: [{ nodeId: 'invite', prospects: 300_000 }],
    };
    const part = withinForecastBound(whole);
    expect(part.audienceSize + part.underway!.reduce((n, u) => n + u.prospects, 0)).toBeLessThanOrEqual(MAX_FORECAST_AUDIENCE);
    expect(part).toMatchObject({ audienceSize: 70_000, underway: [{ nodeId: 'invite', prospects: 30_000 }] });
    expect(part.senders[0]).toMatchObject({ dailyLimits: { connection_request: 100, message: 0 }, usedToday: { connection_request: 4 } });
    const startAt = '2026-11-23T08:00:00.000Z';
    expect(() => forecastCampaign({ ...whole, startAt })).toThrow(); // what the run view did at 1M: a 500
    // A limit-bound run: 1,000,000 invitations at 1,000 a day, or 100,000 at 100 a day — about 1,000 working days either way.
    const days = forecastCampaign({ ...part, startAt }).workingDaysLeft!;
    expect(days).toBeGreaterThan(900);
    expect(days).toBeLessThan(1100);
  });

  it('scales the weekly limits, the days before and the warm-up’s ramp too, keeping a warm-up valid (startDaily at least 1)', () => {
    const whole = {
      definition: connectionOnlyGraph(),
      senders: [
        {
          ...sender(1000, 40),
          weeklyLimits: { connection_request: 5000, message: 0 },
          usedDaysBefore: { connection_request: [100, 0, 39] },
          warmUp: { startDaily: 5, addPerDay: 30, startedOn: '2026-11-20' },
        },
      ],
      audienceSize: 1_000_000,
    };
    const part = withinForecastBound(whole);
    expect(part.senders[0]).toMatchObject({
      weeklyLimits: { connection_request: 500, message: 0 },
      usedDaysBefore: { connection_request: [10, 0, 3] },
      warmUp: { startDaily: 1, addPerDay: 3, startedOn: '2026-11-20' },
    });
    expect(() => forecastCampaign({ ...part, startAt: '2026-11-23T08:00:00.000Z' })).not.toThrow();
  });
});

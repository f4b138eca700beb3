import { describe, expect, it } from 'vitest';
import { campaignRunSchema, forecastInputSchema } from './runs';
import { DEFAULT_DAILY_LIMITS } from './schedule';

describe('forecastInputSchema', () => {
  it('gives each sender the default daily limits and the sandbox’s response rates', () => {
    const parsed = forecastInputSchema.parse({
      definition: { nodes: [], edges: [] },
      senders: [{ accountId: 'a', channel: 'professional_network', dailyLimits: { connection_request: 5 } }],
      audienceSize: 10,
      startAt: '2026-11-23T09:00:00.000Z',
    });
    expect(parsed.senders[0]!.dailyLimits).toEqual({ ...DEFAULT_DAILY_LIMITS, connection_request: 5 });
    expect(parsed.rates).toEqual({ acceptRate: 0.3, replyRate: 0.15, medianResponseHours: 20 });
    expect(parsed.actionSpacingSeconds).toBe(90);
    expect(parsed.schedule).toEqual({
      timeZone: 'UTC',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      start: '09:00',
      end: '17:00',
      useProspectTimeZone: true,
    });
  });

  it('refuses a schedule that is not a sending window and limits out of bounds', () => {
    const base = { definition: { nodes: [], edges: [] }, senders: [], audienceSize: 1, startAt: '2026-11-23T09:00:00.000Z' };
    for (const schedule of [{ timeZone: 'Mars/Olympus' }, { start: '17:00', end: '09:00' }, { days: [] }]) {
      expect(forecastInputSchema.safeParse({ ...base, schedule }).success, JSON.stringify(schedule)).toBe(false);
    }
    const sender = { accountId: 'a', channel: 'professional_network', dailyLimits: { message: -1 } };
    expect(forecastInputSchema.safeParse({ ...base, senders: [sender] }).success).toBe(false);
  });
});

describe('campaignRunSchema (contract 9.5)', () => {
  it('reads a run body and refuses a sender missing one of its limits', () => {
    const today = Object.fromEntries(Object.keys(DEFAULT_DAILY_LIMITS).map((k) => [k, { used: 0, limit: 20 }]));
    const run = {
      status: 'active',
      enrollments: { total: 3, waiting: 1, active: 1, finished: 1, replied: 0, stopped: 0, failed: 0 },
      steps: [
        {
          nodeId: 'invite',
          entered: 3,
          waiting: 1,
          waitingReasons: { waiting_for_acceptance: 1 },
          done: 2,
          failed: 0,
          handles: { accepted: 1, no_response: 1 },
        },
      ],
      senders: [{ accountId: 'a', today }],
      forecast: { finishBy: '2026-12-01T09:00:00.000Z', workingDaysLeft: 6, actionSpacingSeconds: 90, prospectTimeZones: [] },
    };
    expect(campaignRunSchema.parse(run)).toEqual(run);
    const { other: _other, ...partial } = today;
    expect(campaignRunSchema.safeParse({ ...run, senders: [{ accountId: 'a', today: partial }] }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { ForecastInput } from '../contract/runs';
import { edge, emailPushFallbackGraph, node } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import { forecastCampaign } from './forecast';

/** Connection request → (accepted) message → end; no response and both message outputs end too. */
function inviteThenMessage(data: { wait?: number; replyWait?: number } = {}): WorkflowDefinition {
  return {
    nodes: [
      node('start', 'start'),
      node('invite', 'connection_request', { wait_for_response_days: data.wait ?? 14 }),
      node('thanks', 'message', { reply_wait_days: data.replyWait ?? 3 }),
      node('end', 'end'),
    ],
    edges: [
      edge('start', 'invite'),
      edge('invite', 'thanks', 'accepted'),
      edge('invite', 'end', 'no_response'),
      edge('thanks', 'end', 'replied'),
      edge('thanks', 'end', 'no_reply'),
    ],
  };
}

const MONDAY_9AM = '2026-11-23T09:00:00.000Z';
const sender = (limits: Record<string, number> = {}, accountId = 'sender-1') =>
  ({ accountId, channel: 'professional_network' as const, dailyLimits: { connection_request: 20, message: 60, ...limits } }) as const;

const input = (overrides: Partial<ForecastInput>): ForecastInput => ({
  definition: inviteThenMessage(),
  schedule: { timeZone: 'UTC' },
  senders: [sender()],
  audienceSize: 1,
  // Everyone accepts at once and nobody replies: every date below can be worked out by hand.
  rates: { acceptRate: 1, replyRate: 0, medianResponseHours: 0 },
  startAt: MONDAY_9AM,
  ...overrides,
});

describe('forecastCampaign', () => {
  it('schedules a small campaign exactly as worked out by hand', () => {
    // One sender, 2 invitations a day, 90 s apart: Monday 09:00 and 09:01:30 invite prospects 1 and 2,
    // 09:03 and 09:04:30 message them; the third invitation waits for Tuesday 09:00, its message goes
    // at 09:01:30, and 3 days without a reply end it on Friday at 09:01:30.
    const forecast = forecastCampaign(input({ senders: [sender({ connection_request: 2 })], audienceSize: 3 }));
    expect(forecast.finishBy).toBe('2026-11-27T09:01:30.000Z');
    expect(forecast.workingDaysLeft).toBe(5);
    expect(forecast.funnel).toEqual({ enrolled: 3, contacted: 3, accepted: 3, replied: 0, finished: 3 });
    expect(forecast.days).toEqual([
      { date: '2026-11-23', sends: { connection_request: 2, message: 2, inmail: 0, profile_visit: 0, other: 0 } },
      { date: '2026-11-24', sends: { connection_request: 1, message: 1, inmail: 0, profile_visit: 0, other: 0 } },
    ]);
    expect(forecast.bottleneck).toEqual({ kind: 'limit', limit: 'connection_request', channel: 'professional_network' });
    expect(forecast.limitsUsed).toEqual([
      { limit: 'connection_request', channel: 'professional_network' },
      { limit: 'message', channel: 'professional_network' },
    ]);
  });

  it('calls a campaign within its limits wait-bound: the reply wait sets the finish', () => {
    const forecast = forecastCampaign(input({ audienceSize: 2 }));
    // Invitations at 09:00 and 09:01:30, messages at 09:03 and 09:04:30, three days of waiting.
    expect(forecast.finishBy).toBe('2026-11-26T09:04:30.000Z');
    expect(forecast.bottleneck).toEqual({ kind: 'waits' });
  });

  it('calls the sending hours the bottleneck when the spacing fills a short window before any limit', () => {
    const forecast = forecastCampaign(input({ schedule: { timeZone: 'UTC', start: '09:00', end: '09:05' }, audienceSize: 10 }));
    expect(forecast.bottleneck).toEqual({ kind: 'sending_hours' });
    expect(forecast.days[0]!.sends.connection_request + forecast.days[0]!.sends.message).toBe(4);
  });

  it('starts actions only on sending days: a start on Saturday sends on Monday', () => {
    const forecast = forecastCampaign(input({ startAt: '2026-11-21T12:00:00.000Z' }));
    expect(forecast.days.map((d) => d.date)).toEqual(['2026-11-23']);
    expect(forecast.finishBy).toBe('2026-11-26T09:01:30.000Z');
    expect(forecast.workingDaysLeft).toBe(4);
  });

  it('counts calendar days across the end of summer time in the schedule’s zone (Berlin, October 2026)', () => {
    // Friday 23 Oct 09:00 CEST is 07:00Z; two calendar days later is Sunday 25 Oct 09:00 CET, 08:00Z (49 hours).
    const definition = inviteThenMessage({ wait: 2 });
    const berlin = { timeZone: 'Europe/Berlin' };
    const none = { acceptRate: 0, replyRate: 0, medianResponseHours: 0 };
    const one = forecastCampaign(input({ definition, schedule: berlin, rates: none, startAt: '2026-10-23T06:00:00.000Z' }));
    expect(one.finishBy).toBe('2026-10-25T08:00:00.000Z');
    // One invitation a day: Friday 07:00Z, then Monday and Tuesday at 09:00 CET = 08:00Z.
    const three = forecastCampaign(
      input({
        definition,
        schedule: berlin,
        rates: none,
        startAt: '2026-10-23T06:00:00.000Z',
        audienceSize: 3,
        senders: [sender({ connection_request: 1 })],
      }),
    );
    expect(three.days.map((d) => d.date)).toEqual(['2026-10-23', '2026-10-26', '2026-10-27']);
    expect(three.finishBy).toBe('2026-10-29T08:00:00.000Z');
    expect(three.workingDaysLeft).toBe(5);
  });

  it('opens the window at the local time after the start of summer time (New York, March 2026)', () => {
    // Started after Friday's window (18:00 EST); Monday's 9:00 is summer time already, EDT, 13:00Z.
    const forecast = forecastCampaign(
      input({
        schedule: { timeZone: 'America/New_York' },
        startAt: '2026-03-06T23:00:00.000Z',
        rates: { acceptRate: 0, replyRate: 0, medianResponseHours: 0 },
      }),
    );
    expect(forecast.days.map((d) => d.date)).toEqual(['2026-03-09']);
    expect(forecast.finishBy).toBe('2026-03-23T13:00:00.000Z');
  });

  it('spreads prospects over the senders of a channel and counts what each has used today', () => {
    const two = forecastCampaign(
      input({ senders: [sender({ connection_request: 1 }, 'a'), sender({ connection_request: 1 }, 'b')], audienceSize: 2 }),
    );
    expect(two.days).toHaveLength(1);
    const used = forecastCampaign(input({ senders: [{ ...sender(), usedToday: { connection_request: 20 } }] }));
    expect(used.days.map((d) => d.date)).toEqual(['2026-11-24']);
  });

  it('has no finish date when a step has no sender of its channel, or a limit of zero', () => {
    const noSender = forecastCampaign(input({ senders: [{ accountId: 'w', channel: 'messaging_app' }] }));
    expect(noSender).toMatchObject({
      finishBy: null,
      workingDaysLeft: 0,
      bottleneck: { kind: 'no_sender', channel: 'professional_network' },
    });
    const zero = forecastCampaign(input({ senders: [sender({ message: 0 })] }));
    expect(zero).toMatchObject({ finishBy: null, bottleneck: { kind: 'limit', limit: 'message' } });
  });

  it('continues a running campaign: prospects underway take their next step before the new audience enters', () => {
    const forecast = forecastCampaign(
      input({
        audienceSize: 1,
        underway: [
          { nodeId: 'thanks', prospects: 2 },
          { nodeId: 'gone', prospects: 5 },
        ],
      }),
    );
    // Messages at 09:00 and 09:01:30, then the newcomer's invitation at 09:03 and its message at 09:04:30; three days of waiting.
    expect(forecast.finishBy).toBe('2026-11-26T09:04:30.000Z');
    expect(forecast.funnel).toMatchObject({ enrolled: 3, contacted: 3, finished: 3 });
    expect(forecast.days[0]!.sends).toMatchObject({ connection_request: 1, message: 3 });
    expect(() => forecastCampaign(input({ audienceSize: 100_000, underway: [{ nodeId: 'thanks', prospects: 1 }] }))).toThrow(/at most/);
  });

  it('finishes nobody when nobody is enrolled', () => {
    const forecast = forecastCampaign(input({ audienceSize: 0 }));
    expect(forecast).toMatchObject({ finishBy: null, workingDaysLeft: 0, bottleneck: { kind: 'none' }, days: [] });
  });

  it('matches the response rates in its shares, and never answers after the wait is over', () => {
    const forecast = forecastCampaign(
      input({
        audienceSize: 200,
        senders: [sender({ connection_request: 200, message: 200 })],
        rates: { acceptRate: 0.3, replyRate: 0.15, medianResponseHours: 20 },
      }),
    );
    expect(Math.abs(forecast.funnel.accepted - 60)).toBeLessThanOrEqual(1);
    expect(Math.abs(forecast.funnel.replied - 0.15 * forecast.funnel.accepted)).toBeLessThanOrEqual(1);
    const slow = forecastCampaign(input({ audienceSize: 50, rates: { acceptRate: 1, replyRate: 0, medianResponseHours: 24 * 365 } }));
    expect(slow.funnel.accepted).toBeLessThan(5);
  });

  it('is the same for the same input', () => {
    const settings = input({ audienceSize: 300, rates: { acceptRate: 0.3, replyRate: 0.15, medianResponseHours: 20 } });
    expect(forecastCampaign(settings)).toEqual(forecastCampaign(settings));
  });

  it('waits exact hours and minutes, and holds an email push for the window and its sender’s other limit', () => {
    const definition: WorkflowDefinition = {
      nodes: [node('start', 'start'), node('wait', 'delay', { delay_type: 'hours', delay_amount: 10 }), node('end', 'end')],
      edges: [edge('start', 'wait'), edge('wait', 'end')],
    };
    expect(forecastCampaign(input({ definition, startAt: '2026-11-23T20:00:00.000Z' })).finishBy).toBe('2026-11-24T06:00:00.000Z');
    const push = forecastCampaign(
      input({
        definition: emailPushFallbackGraph(),
        senders: [sender()],
        startAt: '2026-11-23T18:00:00.000Z',
        rates: { acceptRate: 0, replyRate: 0, medianResponseHours: 0 },
      }),
    );
    // Invited Tuesday 09:00 (after Monday's window), no response after 14 days: Tuesday 8 Dec 09:00, pushed at once.
    expect(push.finishBy).toBe('2026-12-08T09:00:00.000Z');
    expect(push.days.map((d) => [d.date, d.sends.connection_request, d.sends.other])).toEqual([
      ['2026-11-24', 1, 0],
      ['2026-12-08', 0, 1],
    ]);
  });

  it('refuses input that is not a forecast input', () => {
    expect(() => forecastCampaign(input({ schedule: { timeZone: 'Mars/Olympus' } }))).toThrow(/time zone/);
    expect(() => forecastCampaign(input({ audienceSize: -1 }))).toThrow();
  });
});

describe('forecastCampaign: weekly limits and warm-up (contract 10.2)', () => {
  const invitesOn = (forecast: ReturnType<typeof forecastCampaign>) =>
    new Map(forecast.days.map((d) => [d.date, d.sends.connection_request] as const));

  it('a weekly limit of 5 with a daily limit of 20 forecasts 5 in the first week, 5 in the next', () => {
    const forecast = forecastCampaign(input({ senders: [{ ...sender(), weeklyLimits: { connection_request: 5 } }], audienceSize: 12 }));
    const invites = invitesOn(forecast);
    expect(invites.get('2026-11-23')).toBe(5);
    const firstWeek = forecast.days.filter((d) => d.date < '2026-11-30').reduce((sum, d) => sum + d.sends.connection_request, 0);
    expect(firstWeek).toBe(5);
    expect(invites.get('2026-11-30')).toBe(5);
    expect(invites.get('2026-12-07')).toBe(2);
    expect(forecast.bottleneck).toEqual({ kind: 'limit', limit: 'connection_request', channel: 'professional_network' });
  });

  it('the days before the start count in the rolling week, and leave it day by day', () => {
    // 4 invitations 6 days ago: Monday has room for 1; on Tuesday those 4 are out of the week.
    const forecast = forecastCampaign(
      input({
        senders: [{ ...sender(), weeklyLimits: { connection_request: 5 }, usedDaysBefore: { connection_request: [0, 0, 0, 0, 0, 4] } }],
        audienceSize: 12,
      }),
    );
    const invites = invitesOn(forecast);
    expect(invites.get('2026-11-23')).toBe(1);
    expect(invites.get('2026-11-24')).toBe(4);
  });

  it('a warm-up of 2 a day plus 3 each day ramps up to the daily limit, counting weekend days too', () => {
    const forecast = forecastCampaign(
      input({
        senders: [{ ...sender(), warmUp: { startDaily: 2, addPerDay: 3, startedOn: '2026-11-23' } }],
        audienceSize: 200,
      }),
    );
    const invites = invitesOn(forecast);
    // Mon 2, Tue 5, Wed 8, Thu 11, Fri 14; the weekend sends nothing; the next Monday is 2 + 3 × 7 = 23, held at 20.
    expect(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30'].map((d) => invites.get(d))).toEqual([
      2, 5, 8, 11, 14, 20,
    ]);
  });

  it('a warm-up started before the start is already further up its ramp', () => {
    const forecast = forecastCampaign(
      input({ senders: [{ ...sender(), warmUp: { startDaily: 2, addPerDay: 3, startedOn: '2026-11-20' } }], audienceSize: 50 }),
    );
    expect(invitesOn(forecast).get('2026-11-23')).toBe(11);
  });

  it('a weekly limit of 0 never sends: the limit is the bottleneck and there is no finish date', () => {
    const forecast = forecastCampaign(input({ senders: [{ ...sender(), weeklyLimits: { connection_request: 0 } }], audienceSize: 3 }));
    expect(forecast.finishBy).toBeNull();
    expect(forecast.bottleneck).toEqual({ kind: 'limit', limit: 'connection_request', channel: 'professional_network' });
  });
});

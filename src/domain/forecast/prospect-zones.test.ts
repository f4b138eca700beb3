import { describe, expect, it } from 'vitest';
import type { ForecastInput } from '../contract/runs';
import { edge, node } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import { forecastCampaign } from './forecast';

/**
 * Issue 33 item 8: the forecast reads each prospect's sending window in the prospect's own time zone
 * when the schedule says so (contract 9.3 `useProspectTimeZone`), as the engine does; calendar-day
 * waits count in the prospect's zone too.
 */

const visitOnly: WorkflowDefinition = {
  nodes: [node('start', 'start'), node('visit', 'profile_visit'), node('end', 'end')],
  edges: [edge('start', 'visit'), edge('visit', 'end')],
};
const sender = { accountId: 's', channel: 'professional_network' as const, dailyLimits: { profile_visit: 1000 } };
// Monday 2 March 2026, midnight UTC: still Sunday in New York, where Monday starts at 05:00Z (standard time).
const MONDAY_MIDNIGHT_UTC = '2026-03-02T00:00:00.000Z';
const allDay = { timeZone: 'UTC', days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, start: '00:00', end: '23:59' };
const input = (overrides: Partial<ForecastInput>): ForecastInput => ({
  definition: visitOnly,
  schedule: { ...allDay, days: [...allDay.days] },
  senders: [sender],
  audienceSize: 20,
  actionSpacingSeconds: 0,
  startAt: MONDAY_MIDNIGHT_UTC,
  ...overrides,
});

describe('the forecast in the prospects’ time zones', () => {
  it('starts nobody in New York before the window opens there', () => {
    const forecast = forecastCampaign(input({ prospectTimeZones: [{ timeZone: 'America/New_York', prospects: 20 }] }));
    expect(forecast.finishBy).toBe('2026-03-02T05:00:00.000Z');
    expect(forecast.funnel.contacted).toBe(20);
  });

  it('reads the window in the schedule’s zone when the schedule says not to use the prospects’', () => {
    const forecast = forecastCampaign(
      input({
        schedule: { ...allDay, days: [...allDay.days], useProspectTimeZone: false },
        prospectTimeZones: [{ timeZone: 'America/New_York', prospects: 20 }],
      }),
    );
    expect(forecast.finishBy).toBe(MONDAY_MIDNIGHT_UTC);
  });

  it('serves prospects whose window is open while others wait for theirs, in proportion to the zones given', () => {
    // Half in Tokyo, half in New York; the schedule's window is 09:00–17:00 on weekdays; one visit an hour.
    const forecast = forecastCampaign(
      input({
        schedule: { timeZone: 'UTC', start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
        actionSpacingSeconds: 3600,
        audienceSize: 20,
        prospectTimeZones: [
          { timeZone: 'Asia/Tokyo', prospects: 5 },
          { timeZone: 'America/New_York', prospects: 5 },
        ],
      }),
    );
    // Tokyo's window is 00:00–08:00Z: 8 visits an hour apart, 2 more on Tuesday; New York's is
    // 14:00–22:00Z: 8 more on Monday, 2 on Tuesday, the last at 15:00Z.
    expect(forecast.funnel.contacted).toBe(20);
    expect(forecast.days.map((d) => [d.date, d.sends.profile_visit])).toEqual([
      ['2026-03-02', 16],
      ['2026-03-03', 4],
    ]);
    expect(forecast.finishBy).toBe('2026-03-03T15:00:00.000Z');
  });

  it('treats prospects without a known zone as the schedule’s', () => {
    const forecast = forecastCampaign(
      input({
        prospectTimeZones: [
          { timeZone: null, prospects: 3 },
          { timeZone: 'Nowhere/Land', prospects: 1 },
        ],
      }),
    );
    expect(forecast.finishBy).toBe(MONDAY_MIDNIGHT_UTC);
  });

  it('counts calendar-day waits in the prospect’s zone', () => {
    // A 1-day delay then a visit, for prospects in Berlin: the summer-time change (29 March 2026) keeps the local time.
    const definition: WorkflowDefinition = {
      nodes: [node('start', 'start'), node('wait', 'delay', { delay_type: 'days', delay_amount: 1 }), node('end', 'end')],
      edges: [edge('start', 'wait'), edge('wait', 'end')],
    };
    const forecast = forecastCampaign(
      input({
        definition,
        startAt: '2026-03-28T12:00:00.000Z',
        prospectTimeZones: [{ timeZone: 'Europe/Berlin', prospects: 1 }],
        audienceSize: 1,
      }),
    );
    // Saturday 13:00 CET → Sunday 13:00 CEST = 11:00Z (23 hours later).
    expect(forecast.finishBy).toBe('2026-03-29T11:00:00.000Z');
  });
});

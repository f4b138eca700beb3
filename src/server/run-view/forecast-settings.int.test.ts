import { describe, expect, it } from 'vitest';
import { seedRun, UNLIMITED, visitOnlyGraph } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { campaignRun } from './progress';

/**
 * Issue 33 item 8, the server's side: the run body's forecast keeps the configured ACTION_SPACING_S
 * (not the default 90 s) and reads each prospect's window in the prospect's own time zone, and the
 * body says both, so the launch review forecasts on the same basis.
 */

const db = engineDbPerFile();
// Monday 2 March 2026, 00:30Z: Sunday evening in New York, whose Monday window opens at 05:00Z.
const MONDAY_0030Z = Date.parse('2026-03-02T00:30:00.000Z');
const weekdaysAllDay = {
  timeZone: 'UTC',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '00:00',
  end: '23:59',
  useProspectTimeZone: true,
};

describe('the run body’s forecast', () => {
  it('keeps the server’s ACTION_SPACING_S between a sender’s actions, and says which it kept', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 30, dailyLimits: UNLIMITED });
    const spaced = await campaignRun(db, run.workspaceId, run.campaignId, { actionSpacingS: 90 }, MONDAY_0030Z);
    const unspaced = await campaignRun(db, run.workspaceId, run.campaignId, { actionSpacingS: 0 }, MONDAY_0030Z);
    // 30 visits of one sender: 29 gaps of 90 s, or none.
    expect(spaced.forecast).toMatchObject({ finishBy: new Date(MONDAY_0030Z + 29 * 90_000).toISOString(), actionSpacingSeconds: 90 });
    expect(unspaced.forecast).toMatchObject({ finishBy: new Date(MONDAY_0030Z).toISOString(), actionSpacingSeconds: 0 });
  });

  it('starts nobody before the window opens in the prospect’s own zone', async () => {
    const run = await seedRun(db, {
      graph: visitOnlyGraph(),
      prospects: 20,
      dailyLimits: UNLIMITED,
      schedule: weekdaysAllDay as never,
      timeZones: ['America/New_York'],
    });
    const body = await campaignRun(db, run.workspaceId, run.campaignId, { actionSpacingS: 0 }, MONDAY_0030Z);
    expect(body.forecast.finishBy).toBe('2026-03-02T05:00:00.000Z');
    expect(body.forecast.prospectTimeZones).toEqual([{ timeZone: 'America/New_York', prospects: 20 }]);
  });

  it('reads the zones of the unfinished prospects only, unknown ones as null', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 6, timeZones: ['Asia/Tokyo', 'Europe/Paris', null as never] });
    await db.query(
      `UPDATE enrollments SET status = 'finished', outcome = 'finished', finished_at = now()
       WHERE prospect_id IN (SELECT id FROM prospects WHERE workspace_id = $1 AND time_zone = 'Asia/Tokyo')`,
      [run.workspaceId],
    );
    const body = await campaignRun(db, run.workspaceId, run.campaignId, { actionSpacingS: 90 }, MONDAY_0030Z);
    expect(body.forecast.prospectTimeZones).toEqual([
      { timeZone: 'Europe/Paris', prospects: 2 },
      { timeZone: null, prospects: 2 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../domain/contract/schedule';
import { engineDbPerFile } from '../testing/engine-db';
import { WITHOUT_REQUEST } from '../http/change-origin';
import { moveDueEnrollments } from './engine';
import { drainDueWork } from '../testing/run-loop';
import { steerCampaign } from './steer';
import { msOf } from '../db/time-sql';
import { engineDeps, seedRun, startClock, UNLIMITED, visitOnlyGraph } from '../testing/runs';

/** Contract 9.3 "a resume never bursts" on a real database, with a fake clock moved by the test. */

const SPACING_MS = 90_000;
const db = engineDbPerFile();

const slotsOf = async (campaignId: string) =>
  (
    await db.query<{ at: number; status: string }>(
      `SELECT ${msOf('not_before')} AS at, status FROM run_actions WHERE campaign_id = $1 ORDER BY not_before`,
      [campaignId],
    )
  ).rows.map((r) => ({ at: Number(r.at), status: r.status }));

describe('resuming a paused campaign', () => {
  it('spaces the sends whose slot passed while paused from the resume instant on, one spacing apart', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 6, dailyLimits: UNLIMITED });
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: SPACING_MS });
    const workspace = { id: run.workspaceId, slug: 'reslot' };
    await moveDueEnrollments(deps);
    const before = await slotsOf(run.campaignId);
    expect(before).toHaveLength(6);
    await steerCampaign(db, workspace, run.campaignId, 'pause', WITHOUT_REQUEST, deps);
    // Paused long past every slot: all six are due at once on resume unless re-slotted.
    clock.advance(3_600_000);
    expect(before.every((s) => s.at < clock.at())).toBe(true);
    const resumedAt = clock.at();
    await steerCampaign(db, workspace, run.campaignId, 'resume', WITHOUT_REQUEST, deps);
    const after = await slotsOf(run.campaignId);
    expect(after).toHaveLength(6);
    expect(after[0]!.at).toBe(resumedAt);
    for (const [i, slot] of after.entries()) {
      expect(slot.at).toBeGreaterThanOrEqual(resumedAt);
      if (i > 0) expect(slot.at - after[i - 1]!.at).toBeGreaterThanOrEqual(SPACING_MS * 0.5);
    }
    // At the resume instant only the first send goes out.
    await drainDueWork(deps);
    expect((await slotsOf(run.campaignId)).map((s) => s.status)).toEqual(['done', ...Array(5).fill('scheduled')]);
    // Each timeline shows its step's new time.
    const shown = await db.query<{ at: number }>(
      `SELECT ${msOf('s.scheduled_for')} AS at FROM enrollment_steps s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1 ORDER BY s.scheduled_for`,
      [run.campaignId],
    );
    expect(shown.rows.map((r) => Number(r.at))).toEqual(after.map((s) => s.at));
  });

  it('moves a re-slotted send into the next sending window when the resume falls outside it', async () => {
    const schedule = {
      timeZone: 'UTC',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      start: '09:00',
      end: '17:00',
      useProspectTimeZone: false,
    } satisfies Schedule;
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 3, dailyLimits: UNLIMITED, schedule });
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: SPACING_MS });
    const workspace = { id: run.workspaceId, slug: 'reslot' };
    await moveDueEnrollments(deps);
    await steerCampaign(db, workspace, run.campaignId, 'pause', WITHOUT_REQUEST, deps);
    clock.set(Date.parse('2026-03-02T20:00:00Z'));
    await steerCampaign(db, workspace, run.campaignId, 'resume', WITHOUT_REQUEST, deps);
    const after = await slotsOf(run.campaignId);
    expect(after[0]!.at).toBe(Date.parse('2026-03-03T09:00:00Z'));
    for (let i = 1; i < after.length; i++) expect(after[i]!.at - after[i - 1]!.at).toBeGreaterThanOrEqual(SPACING_MS * 0.5);
  });
});

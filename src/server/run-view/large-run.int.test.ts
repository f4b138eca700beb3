import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { seedRun } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { campaignRun } from './progress';

/** Contract 9.5 at scale: a large run's body never waits for its forecast's simulation. */

const db = engineDbPerFile();
const NO_SPACING = { actionSpacingS: 0 };

describe('the run view of a large run', () => {
  it('answers with the last forecast at once and refreshes it after the answer, at most once a minute', async () => {
    const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: 12_000 });
    const at = Date.parse('2026-11-25T10:00:00Z');
    const first = await campaignRun(db, run.workspaceId, run.campaignId, NO_SPACING, at);
    expect(first.forecast.finishBy).not.toBeNull();
    // An hour later and more prospects: the answer still carries the last forecast…
    await db.query(`UPDATE enrollments SET status = 'stopped' WHERE id IN (SELECT id FROM enrollments WHERE campaign_id = $1 LIMIT 1000)`, [
      run.campaignId,
    ]);
    const later = at + 3_600_000;
    const stale = await campaignRun(db, run.workspaceId, run.campaignId, NO_SPACING, later);
    expect(stale.enrollments.stopped).toBe(1000); // the counters are read fresh
    expect(stale.forecast).toEqual(first.forecast);
    // …and the refresh, run after it, is what the next read gets.
    await new Promise((resolve) => setImmediate(resolve));
    const fresh = await campaignRun(db, run.workspaceId, run.campaignId, NO_SPACING, later);
    expect(fresh.forecast.finishBy).not.toEqual(first.forecast.finishBy);
    expect(Date.parse(fresh.forecast.finishBy!)).toBeLessThan(Date.parse(first.forecast.finishBy!) + 3_600_000);
    // Within the minute no second simulation starts, whatever changed.
    await db.query(
      `UPDATE enrollments SET status = 'stopped' WHERE id IN (SELECT id FROM enrollments WHERE campaign_id = $1 AND status = 'waiting' LIMIT 500)`,
      [run.campaignId],
    );
    await campaignRun(db, run.workspaceId, run.campaignId, NO_SPACING, later + 3_600_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await campaignRun(db, run.workspaceId, run.campaignId, NO_SPACING, later + 3_600_000)).forecast).toEqual(fresh.forecast);
  }, 120_000);
});

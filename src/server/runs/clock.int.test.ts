import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sandboxExecutor } from '../executors/sandbox';
import { engineDbPerFile } from '../testing/engine-db';
import { seedRun, setClockOffset, UNLIMITED, visitOnlyGraph } from '../testing/runs';
import { nextDue } from './due';
import { moveDueEnrollments } from './engine';
import { engineSettings, type OfferDeps } from './engine-deps';
import { claimDueActions } from './offers';

/**
 * Contract 10 "one clock" (issue 33 item 11): the engine's due times and leases are read on the
 * database's clock — here shifted a day ahead by the test's offset, while this process's clock is
 * not — so no process's clock is compared with another's.
 */

const db = engineDbPerFile();
const DAY = 86_400_000;
const HOUR = 3_600_000;

afterEach(() => setClockOffset(db, 0));

const serverDeps = (): OfferDeps => {
  const settings = engineSettings(loadConfig({ ACTION_SPACING_S: '0' }));
  return { ...settings, db, executor: sandboxExecutor(db, settings.clock) };
};

describe('the engine on the database’s clock', () => {
  it('moves an enrollment due on the database’s clock, whatever this process’s clock says', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 1, dailyLimits: UNLIMITED });
    // Due in an hour by this process's clock: not due yet here, but a day has passed on the database's.
    await db.query(`UPDATE enrollments SET status = 'active', phase = 'enter', next_step_at = $2 WHERE campaign_id = $1`, [
      run.campaignId,
      new Date(Date.now() + HOUR).toISOString(),
    ]);
    await setClockOffset(db, DAY);
    const deps = serverDeps();
    expect(await moveDueEnrollments(deps)).toBe(1);
    const { at, now } = await nextDue(db);
    expect(now).toBeGreaterThan(Date.now() + DAY - HOUR);
    // Its visit is due at the database's instant, so the worker would not sleep on it.
    expect(at).not.toBeNull();
    expect(at!).toBeLessThanOrEqual(now);
  });

  it('takes an action whose lease ran out on the database’s clock, and leases it on that clock', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 1, dailyLimits: UNLIMITED });
    const deps = serverDeps();
    await moveDueEnrollments(deps);
    const ours = async () => (await claimDueActions(deps, 10)).filter((a) => a.campaign_id === run.campaignId);
    expect(await ours()).toHaveLength(1);
    // Leased for RUN_LEASE_S from now: another process may take it only once the lease ran out.
    expect(await ours()).toHaveLength(0);
    await setClockOffset(db, DAY);
    expect(await ours()).toHaveLength(1);
    const lease = await db.query<{ ahead: boolean }>(
      `SELECT locked_until > now() + interval '23 hours' AS ahead FROM run_actions WHERE campaign_id = $1`,
      [run.campaignId],
    );
    expect(lease.rows).toEqual([{ ahead: true }]);
  });
});

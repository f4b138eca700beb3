import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { engineDbPerFile } from '../testing/engine-db';
import { eventually } from '../testing/webhooks';
import { seedRun, UNLIMITED, visitOnlyGraph } from '../testing/runs';
import { wakeRuns } from './wake';
import { nextDueAt } from './due';
import { startRunWorker } from './worker';

/**
 * The run worker on the system clock (contract 9.3): it starts a launched campaign's enrollments by
 * itself, is woken by a committed write, and when idle sleeps until the next due instant.
 */

const db = engineDbPerFile();

const config = loadConfig({ ACTION_SPACING_S: '0' });
const open = async (campaignId: string) =>
  Number(
    (
      await db.query<{ n: string }>(`SELECT count(*) AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`, [
        campaignId,
      ])
    ).rows[0]!.n,
  );

describe('the run worker', () => {
  it('runs a launched campaign to its end, then knows nothing more is due', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 30, dailyLimits: UNLIMITED });
    const worker = startRunWorker({ db, config });
    try {
      await eventually(async () => (await open(run.campaignId)) === 0, 60_000);
    } finally {
      await worker.stop();
    }
    const actions = await db.query<{ status: string; n: string }>(
      'SELECT status, count(*)::int AS n FROM run_actions WHERE campaign_id = $1 GROUP BY status',
      [run.campaignId],
    );
    expect(actions.rows).toEqual([{ status: 'done', n: 30 }]);
    expect(await nextDueAt(db)).toBeNull();
  }, 120_000);

  it('is woken by a paused campaign resumed in another transaction (pg_notify on commit)', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 5, dailyLimits: UNLIMITED });
    await db.query(`UPDATE campaigns SET status = 'paused' WHERE id = $1`, [run.campaignId]);
    const worker = startRunWorker({ db, config });
    try {
      // Paused work is not due: the idle worker does not spin on it.
      expect(await nextDueAt(db)).toBeNull();
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE campaigns SET status = 'active' WHERE id = $1`, [run.campaignId]);
        await wakeRuns(tx);
      });
      await eventually(async () => (await open(run.campaignId)) === 0, 60_000);
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it('says when a wait ends as the next due instant', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 1, dailyLimits: UNLIMITED });
    const at = Date.parse('2030-01-01T00:00:00Z');
    await db.query(`UPDATE enrollments SET status = 'active', phase = 'wait', next_step_at = $2 WHERE campaign_id = $1`, [
      run.campaignId,
      new Date(at).toISOString(),
    ]);
    expect(await nextDueAt(db)).toBe(at);
  });
});

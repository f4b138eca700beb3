import { afterAll, describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { openDatabase } from '../db/open';
import { childEnv, startServerProcess, type ServerProcess } from '../testing/processes';
import { eventually } from '../testing/webhooks';
import { scratchDatabase, seedRun } from '../testing/runs';

/**
 * Contract 9.3 sender limits over every process: two server processes share one PostgreSQL
 * database; a sender allowed 20 invitations a day with 500 prospects due sends exactly 20 that day.
 */
const url = process.env.DATABASE_URL;
const servers: ServerProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await dropDatabase?.();
}, 60_000);

describe.skipIf(!url)('two server processes on PostgreSQL (skipped on the embedded database: it is one process by nature)', () => {
  it('send exactly the daily limit of one sender between them', async () => {
    const scratch = await scratchDatabase(url!, 'cs_two_runs');
    dropDatabase = scratch.drop;
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    try {
      const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: 500, dailyLimits: { connection_request: 20 } });
      const env = childEnv('', { DEMO_DATA: '0', ACTION_SPACING_S: '0.01', DATABASE_URL: scratch.url });
      servers.push(...(await Promise.all([startServerProcess(env, 240_000), startServerProcess(env, 240_000)])));
      const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [run.campaignId])).rows[0]!.n);
      // Settled: every prospect either got its invitation (done) or waits for the next day's window.
      await eventually(
        async () =>
          (await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done'`)) +
            (await count(
              `SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status = 'active' AND phase = 'act' AND next_step_at > now()`,
            )) ===
          500,
        120_000,
      );
      // Exactly 20 on the day (a second day's 20 if the run crossed midnight UTC, the window's zone).
      const perDay = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done' GROUP BY quota_day ORDER BY quota_day`,
        [run.campaignId],
      );
      expect(perDay.rows.length).toBeGreaterThan(0);
      expect(perDay.rows.map((r) => Number(r.n))).toEqual(perDay.rows.map(() => 20));
      expect(await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1`)).toBe(20 * perDay.rows.length);
      expect(
        await count(`SELECT count(*)::int AS n FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1`),
      ).toBe(20 * perDay.rows.length);
    } finally {
      await db.close();
    }
  }, 600_000);
});

import { variantGraph } from '../src/domain/testing/fixtures';
import { openDatabase } from '../src/server/db/open';
import { migrate } from '../src/server/db/migrate';
import type { Db } from '../src/server/db/types';
import { listCampaigns } from '../src/server/campaigns/listing';
import { campaignStats, resultCounters } from '../src/server/results/counters';
import { campaignResults } from '../src/server/results/results';
import { seedRun } from '../src/server/testing/runs';
import { postgresDatabase } from './conversations.bench';
import { timeCalls } from './support/timing';

/**
 * Contract 10.1 on PostgreSQL (goals: results ≤ 50 ms p99 for a campaign of 100,000 enrollments, the
 * campaign list ≤ 25 ms p99 with stats, 200 campaigns): `campaignResults` (GET …/results' body) beside
 * its reference, the counters' read alone; and a list page of 100 campaigns with their stats beside the
 * stats' read alone. The run is written the engine's way — timeline rows marked sent and accepted in
 * statements of 100 (the triggers append a delta row per statement), then replies — so the counters
 * hold the delta rows a real run leaves between two folds.
 */

/** RESULTS_BENCH_ENROLLMENTS=1000000: issue 34's growth figure (results at 1M enrollments p99 ≤ 50 ms). */
const ENROLLMENTS = Number(process.env.RESULTS_BENCH_ENROLLMENTS ?? 100_000);
const CAMPAIGNS = 200;
const WARMUP = 10;
const RUNS = 100;
const BATCH = 100;

const time = (fn: () => Promise<unknown>) => timeCalls(fn, { runs: RUNS, warmup: WARMUP });

/** Every enrollment invited with its variant, then the sends, acceptances and replies in engine-sized statements. */
async function runTheCampaign(db: Db, campaignId: string): Promise<void> {
  await db.query(
    `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, started_at, action_id, variant_id)
     SELECT id, 'invite', 'connection_request', 'running', now(), gen_random_uuid(), CASE WHEN abs(hashtext(id::text)) % 2 = 0 THEN 'a' ELSE 'b' END
     FROM enrollments WHERE campaign_id = $1`,
    [campaignId],
  );
  const { rows } = await db.query<{ position: string }>(
    `SELECT s.position::text AS position FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1 ORDER BY 1`,
    [campaignId],
  );
  const positions = rows.map((r) => r.position);
  for (let i = 0; i < positions.length; i += BATCH) {
    const batch = positions.slice(i, i + BATCH);
    await db.query(`UPDATE enrollment_steps SET sent_at = now() WHERE position = ANY($1::bigint[])`, [batch]);
  }
  for (let i = 0; i < positions.length; i += BATCH * 3) {
    const batch = positions.slice(i, i + BATCH);
    await db.query(
      `UPDATE enrollment_steps SET handle = 'accepted', status = 'done', finished_at = now() WHERE position = ANY($1::bigint[])`,
      [batch],
    );
  }
  await db.query('ANALYZE');
}

async function benchOne(db: Db): Promise<Record<string, unknown>> {
  await migrate(db);
  const run = await seedRun(db, { graph: variantGraph(), prospects: ENROLLMENTS });
  await runTheCampaign(db, run.campaignId);
  const deltaRows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM result_step_counts WHERE campaign_id = $1', [
    run.campaignId,
  ]);
  const results = await time(() => campaignResults(db, run.workspaceId, run.campaignId));
  const counters = await time(() => resultCounters(db, run.campaignId));
  // 199 more campaigns in the workspace, each with a few counters.
  await db.query(
    `INSERT INTO campaigns (workspace_id, name, status, sender_account_ids) SELECT $1, 'Campaign ' || i, 'draft', ARRAY[$2::uuid] FROM generate_series(2, $3) AS i`,
    [run.workspaceId, run.accountId, CAMPAIGNS],
  );
  await db.query(
    `INSERT INTO result_campaign_counts (campaign_id, contacted, accepted, replied) SELECT id, 10, 3, 1 FROM campaigns WHERE workspace_id = $1`,
    [run.workspaceId],
  );
  const ids = (await db.query<{ id: string }>('SELECT id FROM campaigns WHERE workspace_id = $1 LIMIT 100', [run.workspaceId])).rows.map(
    (r) => r.id,
  );
  const workspace = { id: run.workspaceId, slug: 'bench' };
  const list = await time(() => listCampaigns(db, workspace, { limit: 100, view: 'summary' }));
  const stats = await time(() => campaignStats(db, ids));
  return {
    enrollments: ENROLLMENTS,
    'delta rows before the first read': deltaRows.rows[0]!.n,
    'results p50 ms': results.p50,
    'results p99 ms': results.p99,
    'counters alone p99 ms': counters.p99,
    'list (100 of 200) p50 ms': list.p50,
    'list p99 ms': list.p99,
    'stats alone p99 ms': stats.p99,
  };
}

export async function runResults(): Promise<void> {
  const pg = await postgresDatabase();
  if (!pg) {
    console.log('  results: no PostgreSQL server (set DATABASE_URL): skipped');
    return;
  }
  const db = await openDatabase({ databaseUrl: pg.url, dataDir: '' });
  try {
    console.table([await benchOne(db)]);
  } finally {
    await db.close();
    await pg.drop();
  }
}

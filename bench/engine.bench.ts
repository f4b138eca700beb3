import { withScratchPostgres } from './support/scratch-postgres';
import { runThroughServer } from './support/run-through-server';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/types';
import { ts } from '../src/server/db/time-sql';
import { seedRun, UNLIMITED, visitOnlyGraph } from '../src/server/testing/runs';
import { startRunWorker } from '../src/server/runs/worker';
import { openMigratedPglite } from '../src/server/testing/migrated-pglite';

/**
 * The run engine (contract 9.3) measured as the outside probe of issue 33 did: real server processes
 * driven through the HTTP API on the sandbox, 10,000 enrollments start → visit → invitation → end,
 * steps per second read from `GET …/run` over time (bench/support/run-through-server.ts), with
 * `/healthz` and the campaigns list timed meanwhile; beside it, the same-run reference: 10,000
 * single-row UPDATEs in one loop on that database. On PostgreSQL also two server processes sharing
 * the run. Then, in this process: the due-to-start lag (1,000 enrollments due at 50/s over 20 s,
 * lag = first step recorded − due instant), the idle CPU over 10 s with 100,000 enrollments waiting
 * on a far instant, and the RSS over 10,000 then 100,000 waiting (memory must not grow with them).
 * Goals: ≥ 500 steps/s on PostgreSQL with one process and ≥ 0.4× the reference; on the embedded
 * database /healthz and the campaigns list p99 ≤ 100 ms during the run; lag p99 ≤ 1 s; idle < 2 %.
 */

/** ENGINE_BENCH_ENROLLMENTS: a smaller run on a loaded machine. */
const ENROLLMENTS = Number(process.env.ENGINE_BENCH_ENROLLMENTS ?? 10_000);
const IDLE_WAITING = 100_000;
/** The RSS reference point: the same process over a tenth of the waiting enrollments. */
const IDLE_FEW = 10_000;
const IDLE_SECONDS = 10;
const DUE_PER_SECOND = 50;
const DUE_SECONDS = 20;
const config = loadConfig({ ACTION_SPACING_S: '0' });

const openCount = async (db: Db, campaignId: string) =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`, [
      campaignId,
    ])
  ).rows[0]!.n;

/** The same-run reference: one single-row UPDATE per enrollment of the database, one after the other. */
async function updatesPerSecond(db: Db): Promise<string> {
  const ids = (await db.query<{ id: string }>('SELECT id FROM enrollments LIMIT $1', [ENROLLMENTS])).rows.map((r) => r.id);
  const start = performance.now();
  for (const id of ids) await db.query('UPDATE enrollments SET visit = visit WHERE id = $1', [id]);
  return `${ids.length} single-row UPDATEs = ${Math.round(ids.length / ((performance.now() - start) / 1000))}/s`;
}

async function throughput(label: string, processes: number, postgresUrl?: string): Promise<void> {
  const run = await runThroughServer({ label, enrollments: ENROLLMENTS, processes, postgresUrl, reference: updatesPerSecond });
  const reference = Number(/= (\d+)\/s/.exec(run.reference)?.[1] ?? NaN);
  console.log(
    `${label}, ${processes === 1 ? 'one server process' : `${processes} server processes`}: ${run.enrollments} of ${ENROLLMENTS} enrollments ` +
      `finished in ${run.seconds.toFixed(1)} s = ${run.stepsPerSecond} steps/s (invitations ${JSON.stringify(run.handles)}); ` +
      `reference: ${run.reference}; steps/s ÷ reference = ${(run.stepsPerSecond / reference).toFixed(2)}` +
      (run.transactionsPerStep === null ? '' : `; ${run.transactionsPerStep} transactions per step`),
  );
  console.log(
    `${label}, during the run: /healthz p50 ${run.healthz.p50} ms, p99 ${run.healthz.p99} ms (${run.healthz.n} requests); ` +
      `${run.campaigns.what} p50 ${run.campaigns.p50} ms, p99 ${run.campaigns.p99} ms (${run.campaigns.n} requests)`,
  );
}

/** Enrollments due at DUE_PER_SECOND over DUE_SECONDS from 2 s on; p50 and p99 of (first step recorded − due). */
async function dueLag(label: string, db: Db): Promise<void> {
  const total = DUE_PER_SECOND * DUE_SECONDS;
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: total, dailyLimits: UNLIMITED });
  const firstDue = Date.now() + 2_000;
  await db.query(
    `UPDATE enrollments e SET status = 'active', phase = 'enter', next_step_at = $2::timestamptz + (n.i * $3 * interval '1 millisecond')
     FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM enrollments WHERE campaign_id = $1) n WHERE n.id = e.id`,
    [run.campaignId, ts(firstDue), 1000 / DUE_PER_SECOND],
  );
  await db.query('ANALYZE');
  const due = new Map(
    (
      await db.query<{ id: string; at: number }>(
        `SELECT id, (extract(epoch from next_step_at) * 1000)::float8 AS at FROM enrollments WHERE campaign_id = $1`,
        [run.campaignId],
      )
    ).rows.map((r) => [r.id, r.at]),
  );
  const worker = startRunWorker({ db, config });
  const until = firstDue + DUE_SECONDS * 1000 + 30_000;
  while ((await openCount(db, run.campaignId)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
  await worker.stop();
  const recorded = await db.query<{ id: string; at: number }>(
    `SELECT s.enrollment_id AS id, (extract(epoch from min(s.started_at)) * 1000)::float8 AS at
     FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1 GROUP BY s.enrollment_id`,
    [run.campaignId],
  );
  const lags = recorded.rows.map((r) => r.at - due.get(r.id)!).sort((a, b) => a - b);
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
  console.log(
    `${label}: due-to-start lag at ${DUE_PER_SECOND} due steps/s over ${DUE_SECONDS} s: ${lags.length} of ${total} started, ` +
      `p50 ${Math.round(at(0.5))} ms, p99 ${Math.round(at(0.99))} ms (goal p99 ≤ 1000 ms)`,
  );
}

/** Seeds `count` enrollments of a new campaign waiting on a wait that ends next year. */
async function seedWaiting(db: Db, count: number): Promise<void> {
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: count, dailyLimits: UNLIMITED });
  await db.query(
    `UPDATE enrollments SET status = 'active', phase = 'wait', next_step_at = now() + interval '365 days' WHERE campaign_id = $1`,
    [run.campaignId],
  );
  await db.query('ANALYZE');
}

/** The process's resident memory (MB) with the worker running a second over what is seeded. */
async function rssWithWorker(db: Db): Promise<number> {
  const worker = startRunWorker({ db, config });
  await new Promise((r) => setTimeout(r, 1000));
  const rss = process.memoryUsage().rss / 2 ** 20;
  await worker.stop();
  return rss;
}

async function idleCost(label: string, db: Db): Promise<void> {
  await seedWaiting(db, IDLE_FEW);
  const fewRss = await rssWithWorker(db);
  await seedWaiting(db, IDLE_WAITING - IDLE_FEW);
  const manyRss = await rssWithWorker(db);
  const worker = startRunWorker({ db, config });
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const used = process.cpuUsage(cpu);
  const share = (used.user + used.system) / 1000 / (performance.now() - wall);
  await worker.stop();
  console.log(`${label}: idle with ${IDLE_WAITING} enrollments waiting: ${(share * 100).toFixed(2)} % of one core over ${IDLE_SECONDS} s`);
  // The embedded database lives in this process: its pages count in the RSS too.
  console.log(
    `${label}: process RSS with the worker running over ${IDLE_FEW} waiting enrollments ${Math.round(fewRss)} MB, over ${IDLE_WAITING} ${Math.round(manyRss)} MB` +
      (db.kind === 'pglite' ? ' (includes the embedded database)' : ''),
  );
}

export async function runEngineEmbedded(): Promise<void> {
  await throughput('embedded (PGlite)', 1);
  for (const measure of [dueLag, idleCost]) {
    const db = await openMigratedPglite();
    try {
      await measure('embedded (PGlite)', db);
    } finally {
      await db.close();
    }
  }
}

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export async function runEnginePostgres(): Promise<void> {
  await throughput('PostgreSQL', 1, POSTGRES_URL);
  await throughput('PostgreSQL', 2, POSTGRES_URL);
  await withScratchPostgres('cs_bench_engine', async (db) => {
    await dueLag('PostgreSQL', db);
    await idleCost('PostgreSQL', db);
  });
}

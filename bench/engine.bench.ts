import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { withScratchPostgres } from './support/scratch-postgres';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/types';
import { ts } from '../src/server/db/time-sql';
import { seedRun, UNLIMITED, visitOnlyGraph } from '../src/server/testing/runs';
import { startRunWorker } from '../src/server/runs/worker';
import { openMigratedPglite } from '../src/server/testing/migrated-pglite';

/**
 * The run worker (contract 9.3) in one process on the system clock with the sandbox: 10,000
 * enrollments start → profile visit → end (3 steps each), no spacing, window always open. Reference
 * in the same run: 10,000 single-row UPDATEs in one loop on that database. Then the idle cost:
 * CPU of the process over 10 s with 100,000 enrollments waiting (a wait ending next year), and its
 * RSS over 10,000 then 100,000 waiting enrollments (memory must not grow with them).
 * On PostgreSQL also the same run shared by two processes (this one and a child `tsx` process with
 * its own pool, bench/engine-second-process.ts). On both, the due-to-start lag: 1,000 enrollments
 * due at 50/s over 20 s, lag = the instant their first step was recorded − their due instant.
 * Goals: ≥ 500 steps/s on PostgreSQL and ≥ 1.6× that with two processes, ≥ 200 on the embedded
 * database; lag p99 ≤ 1 s; idle < 2 % of one core.
 */

/** ENGINE_BENCH_ENROLLMENTS: a smaller run on a loaded machine. */
const ENROLLMENTS = Number(process.env.ENGINE_BENCH_ENROLLMENTS ?? 10_000);
const STEPS_PER_ENROLLMENT = 3;
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

/** Waits for the child to print "ready" (its imports and pool are up). */
async function secondProcess(url: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/engine-second-process.ts', url]);
  child.stderr.pipe(process.stderr);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes('ready')) {
    if (child.exitCode !== null) throw new Error('the second engine process exited before it was ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function throughput(label: string, db: Db, secondUrl?: string): Promise<void> {
  const second = secondUrl === undefined ? null : await secondProcess(secondUrl);
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: ENROLLMENTS, dailyLimits: UNLIMITED });
  await db.query('ANALYZE');
  const start = performance.now();
  second?.stdin.write('go\n');
  const worker = startRunWorker({ db, config });
  let open = ENROLLMENTS;
  while (open > 0 && performance.now() - start < 600_000) {
    await new Promise((r) => setTimeout(r, 500));
    open = await openCount(db, run.campaignId);
  }
  const seconds = (performance.now() - start) / 1000;
  await worker.stop();
  if (second) {
    second.stdin.end();
    if (second.exitCode === null) await once(second, 'exit');
  }
  const steps = (ENROLLMENTS - open) * STEPS_PER_ENROLLMENT;

  const ids = (await db.query<{ id: string }>('SELECT id FROM enrollments WHERE campaign_id = $1', [run.campaignId])).rows.map((r) => r.id);
  const refStart = performance.now();
  for (const id of ids) await db.query('UPDATE enrollments SET visit = visit WHERE id = $1', [id]);
  const refSeconds = (performance.now() - refStart) / 1000;
  console.log(
    `${label}${second ? ', two processes' : ''}: ${ENROLLMENTS - open} of ${ENROLLMENTS} enrollments finished in ${seconds.toFixed(1)} s = ${Math.round(steps / seconds)} steps/s; ` +
      `reference: ${ids.length} single-row UPDATEs in ${refSeconds.toFixed(1)} s = ${Math.round(ids.length / refSeconds)}/s`,
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
  for (const measure of [throughput, dueLag, idleCost]) {
    const db = await openMigratedPglite();
    try {
      await measure('embedded (PGlite)', db);
    } finally {
      await db.close();
    }
  }
}

export async function runEnginePostgres(): Promise<void> {
  await withScratchPostgres('cs_bench_engine', async (db, url) => {
    await throughput('PostgreSQL', db);
    await throughput('PostgreSQL', db, url);
    await dueLag('PostgreSQL', db);
    await idleCost('PostgreSQL', db);
  });
}

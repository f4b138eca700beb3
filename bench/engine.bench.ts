import { withScratchPostgres } from './support/scratch-postgres';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/types';
import { seedRun, UNLIMITED, visitOnlyGraph } from '../src/server/runs/testing';
import { startRunWorker } from '../src/server/runs/worker';
import { openMigratedPglite } from '../src/server/testing/migrated-pglite';

/**
 * The run worker (contract 9.3) in one process on the system clock with the sandbox: 10,000
 * enrollments start → profile visit → end (3 steps each), no spacing, window always open. Reference
 * in the same run: 10,000 single-row UPDATEs in one loop on that database. Then the idle cost:
 * CPU of the process over 10 s with 100,000 enrollments waiting (a wait ending next year).
 * Goals: ≥ 500 steps/s on PostgreSQL, ≥ 200 on the embedded database; idle < 2 % of one core.
 */

const ENROLLMENTS = 10_000;
const STEPS_PER_ENROLLMENT = 3;
const IDLE_WAITING = 100_000;
const IDLE_SECONDS = 10;
const config = loadConfig({ ACTION_SPACING_S: '0' });

const openCount = async (db: Db, campaignId: string) =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`, [
      campaignId,
    ])
  ).rows[0]!.n;

async function throughput(label: string, db: Db): Promise<void> {
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: ENROLLMENTS, dailyLimits: UNLIMITED });
  await db.query('ANALYZE');
  const start = performance.now();
  const worker = startRunWorker({ db, config });
  let open = ENROLLMENTS;
  while (open > 0 && performance.now() - start < 600_000) {
    await new Promise((r) => setTimeout(r, 500));
    open = await openCount(db, run.campaignId);
  }
  const seconds = (performance.now() - start) / 1000;
  await worker.stop();
  const steps = (ENROLLMENTS - open) * STEPS_PER_ENROLLMENT;

  const ids = (await db.query<{ id: string }>('SELECT id FROM enrollments WHERE campaign_id = $1', [run.campaignId])).rows.map((r) => r.id);
  const refStart = performance.now();
  for (const id of ids) await db.query('UPDATE enrollments SET visit = visit WHERE id = $1', [id]);
  const refSeconds = (performance.now() - refStart) / 1000;
  console.log(
    `${label}: ${ENROLLMENTS - open} of ${ENROLLMENTS} enrollments finished in ${seconds.toFixed(1)} s = ${Math.round(steps / seconds)} steps/s; ` +
      `reference: ${ids.length} single-row UPDATEs in ${refSeconds.toFixed(1)} s = ${Math.round(ids.length / refSeconds)}/s`,
  );
}

async function idleCost(label: string, db: Db): Promise<void> {
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: IDLE_WAITING, dailyLimits: UNLIMITED });
  await db.query(
    `UPDATE enrollments SET status = 'active', phase = 'wait', next_step_at = now() + interval '365 days' WHERE campaign_id = $1`,
    [run.campaignId],
  );
  await db.query('ANALYZE');
  const worker = startRunWorker({ db, config });
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const used = process.cpuUsage(cpu);
  const share = (used.user + used.system) / 1000 / (performance.now() - wall);
  await worker.stop();
  console.log(`${label}: idle with ${IDLE_WAITING} enrollments waiting: ${(share * 100).toFixed(2)} % of one core over ${IDLE_SECONDS} s`);
}

export async function runEngineEmbedded(): Promise<void> {
  for (const measure of [throughput, idleCost]) {
    const db = await openMigratedPglite();
    try {
      await measure('embedded (PGlite)', db);
    } finally {
      await db.close();
    }
  }
}

export async function runEnginePostgres(): Promise<void> {
  await withScratchPostgres('cs_bench_engine', async (db) => {
    await throughput('PostgreSQL', db);
    await idleCost('PostgreSQL', db);
  });
}

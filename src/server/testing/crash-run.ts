import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../admin/ops';
import { openDatabase } from '../db/open';
import type { Db } from '../db/types';
import { childEnv, startServerProcess, type ServerProcess } from './processes';
import { scratchDatabase, seedRun, UNLIMITED, visitOnlyGraph } from './runs';

/**
 * The crash proof of the run worker (contract 9.3 exactly once), shared by the integration test
 * and the soak bench: a real server process runs a sandbox campaign, is killed with SIGKILL
 * mid-run `kills` times and restarted; at the end every enrollment finished once.
 */

interface CrashRunResult {
  enrollments: number;
  /** Kills that landed while enrollments were still running. */
  killsMidRun: number;
  finished: number;
  /** Enrollments not finished (waiting or active) after the last restart settled. */
  stuck: number;
  actionsDone: number;
  /** Enrollments with more than one prospect.finished event (completed twice). */
  finishedTwice: number;
  /** Enrollments whose timeline passes a step twice (an action's answer applied twice). */
  stepTwice: number;
  /** Actions the sandbox was offered more than once (re-offered after a kill, same actionId). */
  reoffered: number;
  /** Actions not done (scheduled, offered, failed, cancelled). */
  actionsNotDone: number;
  elapsedMs: number;
}

const KEY = `crash-run-key-${'k'.repeat(24)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function finishedCount(server: ServerProcess, campaignId: string): Promise<number | null> {
  try {
    const res = await fetch(`${server.url}/api/v1/campaigns/${campaignId}/run`, { headers: { Authorization: `Bearer ${KEY}` } });
    if (!res.ok) return null;
    const body = (await res.json()) as { enrollments: { finished: number; failed: number } };
    return body.enrollments.finished + body.enrollments.failed;
  } catch {
    return null;
  }
}

/** Runs the proof; `databaseUrl` (a PostgreSQL server) gets a fresh database of its own, else the embedded one in a temp dir. */
export async function crashRun(options: {
  enrollments: number;
  kills: number;
  databaseUrl?: string;
  spacingS?: number;
  timeoutMs?: number;
}): Promise<CrashRunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-run-crash-'));
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl, 'cs_run_crash') : undefined;
  const ownUrl = scratch?.url;
  const open = () => openDatabase({ databaseUrl: ownUrl, dataDir });
  const timeoutMs = options.timeoutMs ?? 600_000;
  let server: ServerProcess | undefined;
  try {
    let db: Db = await open();
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: options.enrollments, dailyLimits: UNLIMITED });
    await createApiKey(db, [run.workspaceId], KEY);
    await db.close();
    const env = childEnv(dataDir, {
      DEMO_DATA: '0',
      ACTION_SPACING_S: String(options.spacingS ?? 0.2),
      ...(ownUrl ? { DATABASE_URL: ownUrl } : {}),
    });
    const started = Date.now();
    let killsMidRun = 0;
    server = await startServerProcess(env, 240_000);
    for (let k = 1; k <= options.kills; k++) {
      const target = Math.floor((k * options.enrollments) / (options.kills + 1));
      let finished: number | null = null;
      while (finished === null || finished < target) {
        if (Date.now() - started > timeoutMs) throw new Error('the run did not reach its kill point in time');
        await sleep(20);
        finished = await finishedCount(server, run.campaignId);
      }
      server.child.kill('SIGKILL');
      await server.exited;
      if (finished < options.enrollments) killsMidRun++;
      server = await startServerProcess(env, 240_000);
    }
    for (;;) {
      const finished = await finishedCount(server, run.campaignId);
      if (finished === options.enrollments) break;
      if (Date.now() - started > timeoutMs) break;
      await sleep(50);
    }
    const elapsedMs = Date.now() - started;
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;
    db = await open();
    try {
      const one = async (sql: string) => Number((await db.query<{ n: number }>(sql, [run.campaignId])).rows[0]!.n);
      return {
        enrollments: options.enrollments,
        killsMidRun,
        finished: await one(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status = 'finished'`),
        stuck: await one(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`),
        actionsDone: await one(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done'`),
        actionsNotDone: await one(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status <> 'done'`),
        finishedTwice: await one(
          `SELECT count(*)::int AS n FROM (SELECT body::jsonb -> 'data' ->> 'enrollmentId' AS e FROM events
             WHERE type = 'prospect.finished' AND body::jsonb -> 'data' ->> 'campaignId' = $1::text GROUP BY 1 HAVING count(*) > 1) twice`,
        ),
        stepTwice: await one(
          `SELECT count(DISTINCT s.enrollment_id)::int AS n FROM (SELECT enrollment_id FROM enrollment_steps
             WHERE enrollment_id IN (SELECT id FROM enrollments WHERE campaign_id = $1) GROUP BY enrollment_id, node_id HAVING count(*) > 1) s`,
        ),
        reoffered: await one(
          `SELECT count(*)::int AS n FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1 AND s.offered > 1`,
        ),
        elapsedMs,
      };
    } finally {
      await db.close();
    }
  } finally {
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

import { crashRun } from '../src/server/testing/crash-run';

/**
 * Soak of the run worker's crash proof (contract 9.3 exactly once): 2,000 enrollments, a real server
 * killed with SIGKILL 5 times mid-run and restarted, on the embedded database and on PostgreSQL
 * (DATABASE_URL). Every kill must land mid-run, every enrollment finish once with its one action done
 * once (no step passed twice) and none stay stuck; reported with the time the whole run took.
 */
const ENROLLMENTS = 2_000;
const KILLS = 5;

async function soak(label: string, databaseUrl?: string): Promise<void> {
  const result = await crashRun({ enrollments: ENROLLMENTS, kills: KILLS, databaseUrl, spacingS: 0.05, timeoutMs: 1_800_000 });
  const ok =
    result.killsMidRun === KILLS &&
    result.finished === ENROLLMENTS &&
    result.stuck === 0 &&
    result.finishedTwice === 0 &&
    result.stepTwice === 0 &&
    result.actionsDone === ENROLLMENTS &&
    result.actionsNotDone === 0;
  console.log(`${label}: ${ok ? 'OK' : 'FAILED'} ${JSON.stringify(result)}`);
  if (!ok) throw new Error(`${label}: the run did not finish every enrollment exactly once`);
}

export async function runCrashSoakEmbedded(): Promise<void> {
  await soak('embedded (PGlite)');
}

export async function runCrashSoakPostgres(): Promise<void> {
  if (!process.env.DATABASE_URL) return console.log('DATABASE_URL not set: the PostgreSQL soak is skipped');
  await soak('PostgreSQL', process.env.DATABASE_URL);
}

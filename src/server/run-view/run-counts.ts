import type { EnrollmentStatus, WaitingReason } from '../../domain/contract/statuses';
import type { Queryable } from '../db/types';

/**
 * A campaign's run counters (migration 018): the sums of the delta rows the triggers on enrollments
 * and enrollment_steps append, instead of a GROUP BY over every enrollment (contract 9.5 stats), and
 * the waiting reasons per step (migration 071, contract 10.2).
 */

/** Past this many delta rows beyond one per key, a read folds the campaign's rows into one per key. */
const COMPACT_AFTER_ROWS = 200;

export interface EnrollmentCount {
  status: EnrollmentStatus;
  replied: boolean;
  /** The step an active enrollment stands at; null otherwise. */
  node_id: string | null;
  n: number;
}

export interface StepCount {
  node_id: string;
  status: string;
  handle: string | null;
  n: number;
}

interface Counted {
  rows: number;
}

/** Active enrollments standing at a step, per stored waitingReason (contract 10.2, migration 071). */
export interface WaitingCount {
  node_id: string;
  reason: WaitingReason;
  n: number;
}

export interface RunCounts {
  enrollments: EnrollmentCount[];
  steps: StepCount[];
  waiting: WaitingCount[];
}

const TABLES = {
  enrollments: { table: 'run_enrollment_counts', keys: 'status, replied, node_id' },
  steps: { table: 'run_step_counts', keys: 'node_id, status, handle' },
  waiting: { table: 'run_waiting_counts', keys: 'node_id, reason' },
} as const;

async function sums<T>(db: Queryable, which: keyof typeof TABLES, campaignId: string): Promise<(T & Counted)[]> {
  const { table, keys } = TABLES[which];
  const { rows } = await db.query<T & Counted>(
    `SELECT ${keys}, sum(n)::int AS n, count(*)::int AS rows FROM ${table} WHERE campaign_id = $1 GROUP BY ${keys}`,
    [campaignId],
  );
  return rows;
}

/**
 * Folds a campaign's delta rows into one row per key, in one statement (it folds exactly the rows it
 * deletes, so a concurrent trigger's rows are kept); the advisory lock lets one reader do it at a time.
 */
export async function compactRunCounts(db: Queryable, campaignId: string): Promise<void> {
  for (const { table, keys } of Object.values(TABLES)) {
    await db.query(
      `WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtext('${table}'), hashtext($1::text)) AS got),
       gone AS (DELETE FROM ${table} WHERE campaign_id = $1::uuid AND (SELECT got FROM lock) RETURNING *)
       INSERT INTO ${table} (campaign_id, ${keys}, n)
       SELECT campaign_id, ${keys}, sum(n) FROM gone GROUP BY campaign_id, ${keys} HAVING sum(n) <> 0`,
      [campaignId],
    );
  }
}

const withoutZeros = <T extends { n: number }>(rows: (T & Counted)[]): T[] =>
  rows.filter((row) => row.n !== 0).map(({ rows: _rows, ...row }) => row as unknown as T);

/** The campaign's counters now; folds its delta rows first when they have piled up. */
export async function runCounts(db: Queryable, campaignId: string): Promise<RunCounts> {
  const [enrollments, steps, waiting] = await Promise.all([
    sums<EnrollmentCount>(db, 'enrollments', campaignId),
    sums<StepCount>(db, 'steps', campaignId),
    sums<WaitingCount>(db, 'waiting', campaignId),
  ]);
  const surplusRows = [...enrollments, ...steps, ...waiting].reduce((sum, row) => sum + row.rows - 1, 0);
  if (surplusRows > COMPACT_AFTER_ROWS) await compactRunCounts(db, campaignId);
  return { enrollments: withoutZeros(enrollments), steps: withoutZeros(steps), waiting: withoutZeros(waiting) };
}

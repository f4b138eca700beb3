import type { Db } from '../db/types';

/**
 * Contract 10.5: what is older than `RETENTION_DAYS` and only ever read as history is deleted —
 * webhook deliveries (their attempts go with them), events no delivery still needs, decided
 * executor actions and the sandbox's bookkeeping. Prospects, enrollments, timelines,
 * conversations, campaign versions and the counters behind limits, run counts and results are
 * never touched: nothing that decides what the engine does next reads a pruned row.
 *
 * Small batches, each its own short transaction, with a pause between them: the engine's claims
 * skip rows a batch holds (and a batch skips rows the engine holds), and on the embedded database,
 * which runs one statement at a time in this process, requests and the engine get their turn.
 */

/** One kind of prunable row: `oldest` selects up to $2 ids (`id`) older than the cutoff $1, oldest first. */
interface Prunable {
  readonly table: string;
  readonly key: string;
  readonly oldest: string;
}

const CUTOFF = `clock_now() - make_interval(secs => $1 * 86400)`;

/** In this order: an event goes once no delivery of it is left; a sandbox offer once its action is decided or gone. */
export const PRUNABLE: readonly Prunable[] = [
  {
    table: 'webhook_deliveries',
    key: 'id',
    // A delivery being attempted right now is left to finish.
    oldest: `SELECT id FROM webhook_deliveries WHERE created_at < ${CUTOFF} AND (locked_until IS NULL OR locked_until < now())
             ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
  },
  {
    table: 'events',
    key: 'id',
    // `OFFSET 0` keeps the check a probe of webhook_deliveries_event per event, walked in age order: as
    // an anti-join the planner hashed the whole deliveries table (dead rows of the batches just pruned
    // included: the embedded database has no autovacuum) and sorted every event left, so each batch
    // was slower than the last (bench/retention on PGlite: /healthz p99 239 ms, batches up to 249 ms).
    oldest: `SELECT e.id FROM events e WHERE e.created_at < ${CUTOFF}
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id OFFSET 0)
             ORDER BY e.created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
  },
  {
    table: 'run_actions',
    key: 'id',
    oldest: `SELECT id FROM run_actions WHERE status IN ('done', 'failed', 'cancelled') AND coalesce(finished_at, created_at) < ${CUTOFF}
             ORDER BY coalesce(finished_at, created_at) LIMIT $2 FOR UPDATE SKIP LOCKED`,
  },
  {
    table: 'sandbox_actions',
    key: 'action_id',
    // An action still out keeps its offer count: a repeated offer of it must still be seen as one (contract 9.4).
    oldest: `SELECT s.action_id AS id FROM sandbox_actions s WHERE s.first_offered_at < ${CUTOFF}
               AND NOT EXISTS (SELECT 1 FROM run_actions a WHERE a.id = s.action_id AND a.status IN ('scheduled', 'offered', 'waiting_result') OFFSET 0)
             ORDER BY s.first_offered_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
  },
  {
    table: 'sandbox_events',
    key: 'id',
    oldest: `SELECT id FROM sandbox_events WHERE delivered_at < ${CUTOFF} ORDER BY delivered_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
  },
];

/** Any number: the retention job's lock, held by one process's batch at a time on a PostgreSQL server. */
export const RETENTION_LOCK = 727_275;

export interface PruneOptions {
  readonly retentionDays: number;
  /** Rows per statement. */
  readonly batch?: number;
  /** Pause between two batches, ms: others' statements run in between. */
  readonly pauseMs?: number;
  /** Aborted: stop after the batch in progress. */
  readonly signal?: AbortSignal;
}

/**
 * Rows per statement: on a PostgreSQL server 1,000 (the server works while this process waits); the
 * embedded database runs a statement on this process's thread, so its batches are ten times smaller —
 * at 1,000 a batch blocked requests for 0.2–4 s (bench/retention: /healthz p99 2.5 s).
 */
const batchFor = (db: Db): number => (db.kind === 'pg' ? 1000 : 100);
const DEFAULT_PAUSE_MS = 10;

/**
 * Deletes one batch of `kind` in a transaction holding the retention lock; the rows deleted, or
 * null when another process holds the lock (it is pruning: this one stops for now).
 */
async function pruneBatch(db: Db, kind: Prunable, retentionDays: number, batch: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [RETENTION_LOCK]);
    if (!lock.rows[0]?.got) return null;
    const deleted = await tx.query(`DELETE FROM ${kind.table} WHERE ${kind.key} IN (${kind.oldest})`, [retentionDays, batch]);
    return deleted.rowCount;
  });
}

/** Prunes everything past the retention, batch after batch; the rows deleted per table. */
export async function pruneExpired(db: Db, options: PruneOptions): Promise<Record<string, number>> {
  const batch = options.batch ?? batchFor(db);
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
  const deleted: Record<string, number> = {};
  for (const kind of PRUNABLE) {
    deleted[kind.table] = 0;
    for (;;) {
      if (options.signal?.aborted) return deleted;
      const n = await pruneBatch(db, kind, options.retentionDays, batch);
      if (n === null) return deleted;
      deleted[kind.table] += n;
      if (n < batch) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return deleted;
}

import type { Queryable } from '../db/types';

/**
 * The claiming query of a leased work table (rows with `id` and `locked_until`), shared by every job
 * source. A row is leased by setting `locked_until`; a lease that ends without the outcome recorded
 * (a crashed process) makes the row claimable again. At most `$3` rows per key are leased at once,
 * counting every process's leases.
 *
 * Why it stays cheap on a large backlog (never a scan or window over the whole backlog):
 * - the leased rows per key come from an index on (key) WHERE locked_until IS NOT NULL, which holds
 *   just the rows in flight;
 * - each key (`keys`, a short list such as the endpoints) takes at most its free slots of due rows
 *   from an index on (key, order…) whose predicate `due` implies — a full key reads at most `$3`;
 * - those few candidates are ordered globally and the oldest `limit` are locked;
 * - each key's scan is `LIMIT $3` (the cap, a number the planner reads) and its free slots are counted
 *   with row_number: a LIMIT computed per key is guessed as 10% of the backlog, and that estimate
 *   (cost 1.7 million on 10k rows) made PostgreSQL JIT-compile every claim for seconds.
 */
export interface LeasedTable {
  table: string;
  /** The column that bounds how many rows are leased at once (e.g. endpoint_id). NOT NULL. */
  key: string;
  /** SQL listing every value of `key` that may have due rows, as column `key` (e.g. the endpoints). */
  keys: string;
  /** SQL condition on alias `d`: the row waits for work and is due (leases are checked by the claim). */
  due: string;
  /** The claim order, columns of `d`, oldest first; an index on them makes the scan stop early. */
  order: string[];
  /** Extra assignments of the claiming UPDATE (alias `d`), e.g. the attempt count. */
  set?: string;
  /** RETURNING list of the claiming UPDATE (alias `d`). */
  returning: string;
}

/** `WITH` body ending in the CTE `claimed` (the rows just leased). Parameters: $1 limit, $2 lease seconds, $3 per-key cap. */
export function claimCtes(t: LeasedTable): string {
  const cols = t.order.map((c, i) => `d.${c} AS o${i}`).join(', ');
  const byOrder = (alias: string) => t.order.map((c, i) => (alias === 'd' ? `d.${c}` : `${alias}.o${i}`)).join(', ');
  const free = `(d.locked_until IS NULL OR d.locked_until < now())`;
  return `inflight AS (
      SELECT ${t.key} AS key, count(*)::int AS n FROM ${t.table} WHERE locked_until >= now() GROUP BY ${t.key}),
    candidates AS (
      SELECT c.* FROM (${t.keys}) k LEFT JOIN inflight f ON f.key = k.key
      CROSS JOIN LATERAL (
        SELECT d.id, ${cols}, row_number() OVER (ORDER BY ${byOrder('d')}) AS rank FROM ${t.table} d
        WHERE d.${t.key} = k.key AND ${t.due} AND ${free}
        ORDER BY ${byOrder('d')} LIMIT $3) c
      WHERE c.rank <= $3 - coalesce(f.n, 0)),
    picked AS (
      SELECT d.id FROM ${t.table} d
      WHERE d.id IN (SELECT c.id FROM candidates c ORDER BY ${byOrder('c')} LIMIT $1) AND ${t.due} AND ${free}
      FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE ${t.table} d SET locked_until = now() + make_interval(secs => $2)${t.set ? `, ${t.set}` : ''}
      FROM picked WHERE d.id = picked.id
      RETURNING ${t.returning})`;
}

/**
 * For the rest of the caller's transaction, due rows are read by an index scan that stops at the
 * claim's LIMIT. Statistics lag behind a work table that fills and drains within minutes: a guess
 * of "2 due rows" made PostgreSQL bitmap-scan and sort all 3,000 due rows on every claim (25 ms
 * instead of 0.4 ms), and one of "10,000 waiting" made it read every enrollment on every pass long
 * after the last one had started. (Only made costly, not forbidden: a table without a fitting index
 * is still read.)
 */
export async function claimInIndexOrder<T extends Record<string, unknown> = Record<string, never>>(
  tx: Queryable,
  /** More to read in the same statement (e.g. the clock, `… AS now`). */
  alsoSelect?: string,
): Promise<T> {
  const { rows } = await tx.query<T>(
    `SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)${alsoSelect ? `, ${alsoSelect}` : ''}`,
  );
  return rows[0]!;
}

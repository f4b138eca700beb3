import type { Queryable } from './types';

/**
 * Contract 10 "one clock": the database's `now()` (a transaction's start), shifted by the offset
 * only tests set (`clock_offset`, migration 023). The engine reads every lease, due time and event
 * time from it, so no process's clock is ever compared with another's.
 */
export interface Clock {
  /** Epoch milliseconds on the engine's clock, read in the caller's transaction. */
  now(q: Queryable): Promise<number>;
  /** The same as a SQL expression, when it is the database's (a statement the caller sends anyway may read it). */
  readonly sql?: string;
}

/** The clock as a SQL expression of whole epoch milliseconds. */
export const CLOCK_NOW_MS = '(floor(extract(epoch from clock_now()) * 1000))::float8';

/** The server's clock: the database's. */
export const databaseClock: Clock = {
  sql: CLOCK_NOW_MS,
  async now(q) {
    const { rows } = await q.query<{ ms: number }>(`SELECT ${CLOCK_NOW_MS} AS ms`);
    return rows[0]!.ms;
  },
};

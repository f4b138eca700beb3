import type { Clock } from '../db/clock';
import type { Queryable } from '../db/types';
import { claimInIndexOrder } from '../jobs/lease';

/**
 * The start of each claiming transaction of the engine: due rows are read in index order
 * (jobs/lease.ts) and the engine's clock is read — in the same statement when it is the database's.
 * The instant every row of the transaction is written at.
 */
export async function beginClaim(tx: Queryable, clock: Clock): Promise<number> {
  if (clock.sql) return (await claimInIndexOrder<{ now: number }>(tx, `${clock.sql} AS now`)).now;
  await claimInIndexOrder(tx);
  return clock.now(tx);
}

import { CLOCK_NOW_MS } from '../db/clock';
import { msOf } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { NEXT_SANDBOX_EVENT_AT } from '../executors/sandbox';
import { NEXT_ACTION_AT } from './action-store';

/**
 * "Due" for the run engine, each defined once (contract 9.3): an enrollment waiting to start, an
 * enrollment due to move (its wait's end, a window, a slot) — both only while their campaign runs —
 * and, from their owners, an action due to be offered (action-store.ts) and a sandbox event due to
 * be delivered (executors/sandbox.ts). SQL on `enrollments e JOIN campaigns c`, `$1` = now.
 */
export const WAITING_TO_START = `e.status = 'waiting' AND c.status = 'active'`;
export const DUE_TO_MOVE = `e.status = 'active' AND e.next_step_at <= $1 AND c.status = 'active'`;

const NEXT_START_AT = `(SELECT CASE WHEN EXISTS (SELECT 1 FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id WHERE ${WAITING_TO_START})
  THEN ${CLOCK_NOW_MS} END)`;
const NEXT_MOVE_AT = `(SELECT ${msOf('e.next_step_at')} FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
  WHERE e.status = 'active' AND e.next_step_at IS NOT NULL AND c.status = 'active' ORDER BY e.next_step_at LIMIT 1)`;

/** The earliest instant (epoch ms on the engine's clock) any run work is due, or null when nothing is scheduled; and the clock now. */
export async function nextDue(db: Queryable): Promise<{ at: number | null; now: number }> {
  const { rows } = await db.query<{ at: number | null; now: number }>(
    `SELECT least(${NEXT_START_AT}, ${NEXT_MOVE_AT}, ${NEXT_ACTION_AT}, ${NEXT_SANDBOX_EVENT_AT}) AS at, ${CLOCK_NOW_MS} AS now`,
  );
  return rows[0]!;
}

/** The earliest instant any run work is due; null when nothing is scheduled. */
export const nextDueAt = async (db: Queryable): Promise<number | null> => (await nextDue(db)).at;

import type { ActionRow } from './action-store';
import { moveDueEnrollments } from './engine';
import type { EngineDeps } from './engine-deps';
import { deliverSandboxEvents } from './inbound';
import { claimDueActions } from './offers';

/** Batches of the sandbox's due events one pass delivers at most before it moves enrollments. */
const EVENT_ROUNDS = 10;

/**
 * One pass over the run engine's due work (contract 9.3), the one definition the worker's claim and
 * the tests' steps share: the sandbox's due events arrive (one transaction), then waiting enrollments
 * start and due enrollments move (another) — each a transaction whose row locks are its lease — and
 * then up to `limit` due actions are claimed with a lease, for the caller to offer. Events first: an
 * acceptance the sandbox gave before a wait ran out wins over the wait's end when both are due.
 */
export async function duePass(deps: EngineDeps, limit: number): Promise<{ moved: number; claimed: ActionRow[] }> {
  let delivered = 0;
  // Every due event before any wait ends (a backlog of a few batches; more waits for the next pass).
  for (let round = 0, n = deps.batch; n === deps.batch && round < EVENT_ROUNDS; round++) {
    n = await deliverSandboxEvents(deps);
    delivered += n;
  }
  const moved = delivered + (await moveDueEnrollments(deps));
  return { moved, claimed: await claimDueActions(deps, limit) };
}

import type { ActionRow } from './action-store';
import { moveDueEnrollments, startWaitingEnrollments } from './engine';
import type { EngineDeps } from './engine-deps';
import { deliverSandboxEvents } from './inbound';
import { claimDueActions } from './offers';

/**
 * One pass over the run engine's due work (contract 9.3), the one definition the worker's claim and
 * the tests' steps share: waiting enrollments start, due enrollments move, the sandbox's due events
 * arrive — each a transaction whose row locks are its lease — and then up to `limit` due actions are
 * claimed with a lease, for the caller to offer.
 */
export async function duePass(deps: EngineDeps, limit: number): Promise<{ moved: number; claimed: ActionRow[] }> {
  const moved = (await startWaitingEnrollments(deps)) + (await moveDueEnrollments(deps)) + (await deliverSandboxEvents(deps));
  return { moved, claimed: await claimDueActions(deps, limit) };
}

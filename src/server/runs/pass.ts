import type { ActionRow } from './action-store';
import { moveDueEnrollments } from './engine';
import type { EngineDeps } from './engine-deps';
import { deliverSandboxEvents } from './inbound';
import { claimDueActions } from './offers';

/**
 * One pass over the run engine's due work (contract 9.3), the one definition the worker's claim and
 * the tests' steps share: waiting enrollments start and due enrollments move (one transaction), the
 * sandbox's due events arrive (another) — each a transaction whose row locks are its lease — and then
 * up to `limit` due actions are claimed with a lease, for the caller to offer.
 */
export async function duePass(deps: EngineDeps, limit: number): Promise<{ moved: number; claimed: ActionRow[] }> {
  const moved = (await moveDueEnrollments(deps)) + (await deliverSandboxEvents(deps));
  return { moved, claimed: await claimDueActions(deps, limit) };
}

import type { OfferDeps } from '../runs/engine-deps';
import { offerClaimedAction } from '../runs/offers';
import { duePass } from '../runs/pass';

/**
 * The worker's pass (runs/pass.ts) run by a test, after it moved its clock: the same steps in the same
 * order, the claimed actions offered one after the other; the amount done.
 */
export async function runDueWork(deps: OfferDeps): Promise<number> {
  const { moved, claimed } = await duePass(deps, deps.batch);
  let offered = 0;
  for (const action of claimed) if (await offerClaimedAction(deps, action)) offered++;
  return moved + offered;
}

/** Repeats runDueWork until nothing is due at the clock's current instant. */
export async function drainDueWork(deps: OfferDeps, maxPasses = 10_000): Promise<void> {
  for (let i = 0; i < maxPasses; i++) if ((await runDueWork(deps)) === 0) return;
  throw new Error('run work did not settle');
}

import { startWaitingEnrollments, moveDueEnrollments, type EngineDeps } from '../runs/engine';
import { offerDueActions } from '../runs/actions';
import { deliverSandboxEvents } from '../runs/sandbox';

/**
 * One pass over every kind of due run work; the amount done. The worker repeats it while work
 * remains; tests call it after moving their clock.
 */
export async function runDueWork(deps: EngineDeps): Promise<number> {
  return (
    (await startWaitingEnrollments(deps)) +
    (await moveDueEnrollments(deps)) +
    (await offerDueActions(deps)) +
    (await deliverSandboxEvents(deps))
  );
}

/** Repeats runDueWork until nothing is due at the clock's current instant. */
export async function drainDueWork(deps: EngineDeps, maxPasses = 10_000): Promise<void> {
  for (let i = 0; i < maxPasses; i++) if ((await runDueWork(deps)) === 0) return;
  throw new Error('run work did not settle');
}

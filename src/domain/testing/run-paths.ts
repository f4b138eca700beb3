import { branchHandles } from '../catalog';
import { simulatePaths } from '../paths';
import type { RunOutcome } from '../run/step';
import type { WorkflowDefinition } from '../workflow-types';

/**
 * The oracle of the run property tests (domain walker and server engine alike): is a walked path one
 * the simulator (simulate-campaign) also produces? A hop is "nodeId:handle"; the last hop of a run is
 * "nodeId:" when it ended at an end step, "nodeId:?" when a condition, a failure or a reply ended it
 * earlier (then its hops only begin a simulated path).
 */

export type Hop = string;

/** Whether a run that ended with `outcome` at a step of `type` reached the end of its path. */
export const endedAtEndStep = (type: string, outcome: RunOutcome): boolean =>
  branchHandles(type).length === 0 && outcome !== 'failed' && outcome !== 'condition_not_met' && !(outcome === 'replied' && type !== 'end');

/** The run's hops: the steps it left with their outputs, then where it ended. */
export const runHops = (left: ReadonlyArray<{ nodeId: string; handle: string | null }>, endId: string, atEnd: boolean): Hop[] => [
  ...left.map((s) => `${s.nodeId}:${s.handle ?? ''}`),
  `${endId}:${atEnd ? '' : '?'}`,
];

const isPrefix = (prefix: readonly Hop[], of: readonly Hop[]): boolean => prefix.length <= of.length && prefix.every((h, i) => of[i] === h);

/** Null when the simulator shows the run's path (or stopped at its budget), else why not. */
export function unsimulatedPath(definition: WorkflowDefinition, hops: readonly Hop[], atEnd: boolean): string | null {
  const sim = simulatePaths(definition);
  if (sim.truncated) return null;
  const full = sim.paths.map((p) => {
    const chosen = new Map(p.outcomes.map((o) => [o.nodeId, o.handle]));
    return p.steps.map((s) => `${s.nodeId}:${chosen.get(s.nodeId) ?? ''}`);
  });
  if (atEnd) return full.some((p) => p.length === hops.length && isPrefix(hops, p)) ? null : `${hops.join(' → ')} is not a simulated path`;
  // Ended early: the steps it left begin a simulated path, and it stood on that path's next step.
  const at = hops[hops.length - 1]!.split(':')[0]!;
  const found = full.some((p) => isPrefix(hops.slice(0, -1), p) && p[hops.length - 1]?.startsWith(`${at}:`));
  return found ? null : `${hops.join(' → ')} does not begin a simulated path`;
}

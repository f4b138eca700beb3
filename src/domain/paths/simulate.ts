import type { Simulation } from '../contract/campaigns';
import { branchOutputs } from '../catalog';
import { walkPath, type SampleProspect, type WalkResult } from './walk';

/**
 * Contract 8.1 simulate-campaign: one path per combination of branch outcomes, each walked by the
 * simulator's own walk (`walkPath`, the one the app's path simulator shows). The first path takes
 * every step's first output (accepted, replied, qualified); each further path changes one more
 * choice. At most `maxPaths` paths (`truncated` says when more exist).
 */

export const MAX_SIMULATED_PATHS = 100;

type SimulatedPath = Simulation['paths'][number];

function toPath(walk: WalkResult): SimulatedPath {
  const steps = walk.steps.map((step) => {
    const unfilled = [...new Set([...(step.subject?.missing ?? []), ...(step.message?.missing ?? [])])];
    return {
      nodeId: step.nodeId,
      type: step.type,
      day: step.dayOffset,
      sends: step.sends,
      ...(step.message ? { rendered: step.message.text } : {}),
      ...(step.subject ? { renderedSubject: step.subject.text } : {}),
      unfilledPlaceholders: unfilled,
    };
  });
  return {
    outcomes: walk.steps.flatMap((s) => (s.outcome ? [{ nodeId: s.nodeId, handle: s.outcome.handle }] : [])),
    steps,
    endNodeId: walk.completed ? (walk.steps[walk.steps.length - 1]?.nodeId ?? null) : null,
    totalDays: walk.totalDays,
  };
}

export function simulatePaths(definition: unknown, prospect?: SampleProspect, maxPaths = MAX_SIMULATED_PATHS): Simulation {
  const fields: SampleProspect = { customFields: prospect?.customFields ?? {} };
  const paths: SimulatedPath[] = [];
  // Each entry fixes the outcomes of some steps; steps not fixed take their first output.
  const pending: Array<Record<string, string>> = [{}];
  for (let next = 0; next < pending.length; next++) {
    if (paths.length >= maxPaths) return { paths, truncated: true };
    const outcomes = pending[next]!;
    const walk = walkPath(definition, fields, { outcomes });
    paths.push(toPath(walk));
    const fixed = { ...outcomes };
    for (const step of walk.steps) {
      if (!step.outcome || step.outcome.decidedBy === 'choice') continue;
      for (const handle of branchOutputs(step.type)) {
        if (handle.name !== step.outcome.handle) pending.push({ ...fixed, [step.nodeId]: handle.name });
      }
      fixed[step.nodeId] = step.outcome.handle;
    }
  }
  return { paths, truncated: false };
}

import type { Simulation } from '../contract/workflow-checks';
import { branchOutputs } from '../catalog';
import { walkPath, type SampleProspect, type WalkResult } from './walk';

/**
 * Contract 8.1 simulate-campaign: one path per combination of branch outcomes, each walked by the
 * simulator's own walk (`walkPath`, the one the app's path simulator shows). The first path takes
 * every step's first output (accepted, replied, qualified); each further path changes one more
 * choice. The walk stops at its budget — paths, steps over all paths, rendered characters, time —
 * and says so with `truncated: true`, so no graph can make one call cost more than the budget.
 */

export interface SimulationBudget {
  maxPaths: number;
  /** Steps over all paths (a 500-step graph's 100 paths would be 50,000). */
  maxSteps: number;
  /** Characters of rendered messages and subjects over all paths. */
  maxRenderedChars: number;
  /** Milliseconds of walking. */
  maxMs: number;
}

export const SIMULATION_BUDGET: SimulationBudget = { maxPaths: 100, maxSteps: 5_000, maxRenderedChars: 500_000, maxMs: 1_000 };

type SimulatedPath = Simulation['paths'][number];

function toPath(walk: WalkResult): SimulatedPath {
  const steps = walk.steps.map((step) => {
    const texts = [step.subject, step.message, ...(step.variants ?? []).flatMap((v) => [v.subject, v.text])];
    const unfilled = [...new Set(texts.flatMap((t) => t?.missing ?? []))];
    return {
      nodeId: step.nodeId,
      type: step.type,
      day: step.dayOffset,
      sends: step.sends,
      ...(step.message ? { rendered: step.message.text } : {}),
      ...(step.subject ? { renderedSubject: step.subject.text } : {}),
      // Contract 10.1: one row per variant (its own text), never one path per variant.
      ...(step.variants
        ? {
            variants: step.variants.map((v) => ({
              variantId: v.variantId,
              label: v.label,
              rendered: v.text.text,
              ...(v.subject ? { renderedSubject: v.subject.text } : {}),
            })),
          }
        : {}),
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

export function simulatePaths(definition: unknown, prospect?: SampleProspect, limits: Partial<SimulationBudget> = {}): Simulation {
  const budget = { ...SIMULATION_BUDGET, ...limits };
  const fields: SampleProspect = { customFields: prospect?.customFields ?? {} };
  const paths: SimulatedPath[] = [];
  const deadline = Date.now() + budget.maxMs;
  let steps = 0;
  let rendered = 0;
  // Each entry fixes the outcomes of some steps; steps not fixed take their first output.
  const pending: Array<Record<string, string>> = [{}];
  for (let next = 0; next < pending.length; next++) {
    if (paths.length >= budget.maxPaths || steps >= budget.maxSteps || rendered >= budget.maxRenderedChars || Date.now() > deadline)
      return { paths, truncated: true };
    const outcomes = pending[next]!;
    const walk = walkPath(definition, fields, { outcomes });
    const path = toPath(walk);
    steps += path.steps.length;
    for (const step of path.steps) {
      rendered += (step.rendered?.length ?? 0) + (step.renderedSubject?.length ?? 0);
      for (const v of step.variants ?? []) rendered += v.rendered.length + (v.renderedSubject?.length ?? 0);
    }
    // The path that crosses a budget is left out: what is returned stays within it.
    if (paths.length > 0 && (steps > budget.maxSteps || rendered > budget.maxRenderedChars)) return { paths, truncated: true };
    paths.push(path);
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

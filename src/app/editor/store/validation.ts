import {
  countProblems,
  validateWorkflow,
  violationsByEdge,
  violationsByNode,
  type ValidationContext,
  type Violation,
  type WorkflowDefinition,
} from '../../../domain';
import type { ValidationState } from './types';

export const EMPTY_VIOLATIONS: readonly Violation[] = Object.freeze([]);

export const EMPTY_VALIDATION: ValidationState = { violations: [], byNode: new Map(), byEdge: new Map(), errors: 0, warnings: 0 };

const sameViolation = (a: Violation, b: Violation) =>
  a.code === b.code &&
  a.severity === b.severity &&
  a.message === b.message &&
  a.handle === b.handle &&
  a.path === b.path &&
  a.edgeId === b.edgeId &&
  a.nodeId === b.nodeId;

const sameList = (a: readonly Violation[] | undefined, b: readonly Violation[]) =>
  a !== undefined && a.length === b.length && a.every((v, i) => sameViolation(v, b[i]!));

/**
 * Groups violations per node and per edge, reusing the previous list object wherever nothing
 * changed: a node's selector then returns the same reference and the node does not re-render.
 */
function group(violations: readonly Violation[], key: 'nodeId' | 'edgeId', previous: ReadonlyMap<string, readonly Violation[]>) {
  const groups = key === 'nodeId' ? violationsByNode(violations) : violationsByEdge(violations);
  const stable = new Map<string, readonly Violation[]>();
  for (const [id, list] of groups) {
    const before = previous.get(id);
    stable.set(id, sameList(before, list) ? before! : list);
  }
  return stable;
}

export function summarize(violations: Violation[], previous: ValidationState): ValidationState {
  return {
    violations,
    byNode: group(violations, 'nodeId', previous.byNode),
    byEdge: group(violations, 'edgeId', previous.byEdge),
    ...countProblems(violations),
  };
}

/** The shared validator on the canvas graph: once per graph change, never per node render. */
export function computeValidation(
  definition: WorkflowDefinition,
  context: ValidationContext | undefined,
  previous: ValidationState,
): ValidationState {
  return summarize(validateWorkflow(definition, context), previous);
}

/** Adds the server's violations (invalid_workflow) to ours, without duplicates. */
export function mergeViolations(local: readonly Violation[], server: readonly Violation[]): Violation[] {
  const out = [...local];
  for (const v of server) if (!out.some((w) => sameViolation(w, v))) out.push(v);
  return out;
}

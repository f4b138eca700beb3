import type { ValidationContext, Violation } from '../workflow-types';
import { buildGraph } from './graph';
import { checkOutputs, checkRouting, checkScoring, checkStart } from './routing';
import { checkConditions, checkDelays, checkPlaceholderCase, checkProviderLimits, checkSenders, checkUrls } from './readiness';
import { checkPremiumSeats, checkRequiredFields, checkShape, checkTemplates } from './rules';
import { checkStorableText } from './storable';
import { checkStructure } from './structure';
import { checkVariants } from './variants';
import { violation } from './violation';

export { canConnect, type ConnectionAttempt, type ConnectVerdict } from './connect';
export { blocksLaunch, fixPlaceholderCase, placeholderCaseFixes, textLimitFor } from './readiness';
export { customStepName, outputLabel, stepNames } from './names';
export { buildGraph, edgesOnCycles, reachableFrom, reachableIds, type Graph, type GraphEdge, type GraphNode } from './graph';
export { fixFirstHint } from './hints';

/**
 * The one validator (contract 5): spec section 2 fields and bounds, then the graph rules of
 * spec 4.1 and the routing of spec 3.3, on anything at all. It never throws; it reports.
 * Rule 8 ("optional parts are added only when requested") is authoring intent, not a property of
 * the graph, so no check exists for it. Linear in nodes + edges (+ template text).
 */
export function validateWorkflow(definition: unknown, context?: ValidationContext): Violation[] {
  try {
    const { violations, usable, doubts } = checkStructure(definition);
    if (!usable) return violations;
    const { nodes, edges } = definition as { nodes: unknown[]; edges: unknown[] };
    violations.push(...checkStorableText({ nodes, edges }, doubts));
    const { graph, issues } = buildGraph(nodes, edges);
    for (const d of issues.duplicateNodes)
      violations.push(
        violation('duplicate_node_id', 'Another step already has the id of this one: every step needs its own', {
          nodeId: d.id,
          path: `nodes.${d.index}.id`,
        }),
      );
    for (const d of issues.duplicateEdges)
      violations.push(
        violation('duplicate_edge_id', 'Another connection already has the id of this one: every connection needs its own', {
          edgeId: d.id,
          path: `edges.${d.index}.id`,
        }),
      );
    for (const d of issues.danglingEdges)
      violations.push(
        violation(
          'edge_unknown_node',
          d.end === 'source'
            ? 'This connection starts at a step that does not exist'
            : 'This connection leads to a step that does not exist',
          { edgeId: d.id, path: `edges.${d.index}.${d.end}` },
        ),
      );
    const startNodes = graph.nodes.filter((n) => n.role === 'start');
    const starts = startNodes.map((n) => graph.indexOf.get(n.id)!);
    violations.push(
      ...checkStart(graph, startNodes),
      ...checkScoring(graph, starts),
      ...checkOutputs(graph),
      ...checkRouting(graph),
      ...checkRequiredFields(graph),
      ...checkPremiumSeats(graph, context),
      ...checkShape(graph, starts),
      ...checkVariants(graph),
      ...checkTemplates(graph),
      ...checkProviderLimits(graph, context),
      ...checkUrls(graph),
      ...checkConditions(graph),
      ...checkSenders(graph, context),
      ...checkPlaceholderCase(graph),
      ...checkDelays(graph),
    );
    return violations;
  } catch (error) {
    // Safety net only: property tests feed arbitrary JSON and never reach it. Refuse rather than crash.
    return [violation('invalid_field', 'The workflow could not be checked: it is not a workflow this editor understands', { path: '' })];
  }
}

/** Contract 5: only errors block a save; warnings are shown (contract 8.6: some block a launch, see blocksLaunch). */
export const hasErrors = (violations: readonly Violation[]): boolean => violations.some((v) => v.severity === 'error');

/** How many of the violations are errors and how many warnings (the save button, the server's verdict, the dialogs). */
export function countProblems(violations: readonly Violation[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const v of violations) if (v.severity === 'error') errors++;
  return { errors, warnings: violations.length - errors };
}

function groupBy(violations: readonly Violation[], key: 'nodeId' | 'edgeId'): Map<string, Violation[]> {
  const groups = new Map<string, Violation[]>();
  for (const v of violations) {
    const id = v[key];
    if (id === undefined) continue;
    const list = groups.get(id);
    if (list) list.push(v);
    else groups.set(id, [v]);
  }
  return groups;
}

/** Violations pinned on each node, for canvas badges (derived once per graph change). */
export const violationsByNode = (violations: readonly Violation[]): Map<string, Violation[]> => groupBy(violations, 'nodeId');
/** Violations pinned on each edge, for edge highlights. */
export const violationsByEdge = (violations: readonly Violation[]): Map<string, Violation[]> => groupBy(violations, 'edgeId');

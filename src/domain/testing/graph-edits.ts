import { diffGraphs } from '../paths/diff';
import { cloneGraph, scoredFollowUpGraph } from './fixtures';
import type { WorkflowDefinition } from '../workflow-types';

/** Test helpers for graph edits (the merge tests): same content by id, whatever the order of nodes and edges. */
export const sameGraph = (a: WorkflowDefinition, b: WorkflowDefinition) => diffGraphs(a, b).same;

/** Deletes a step and every connection into or out of it, as the editor does. */
export function deleteStep(g: WorkflowDefinition, id: string): void {
  g.nodes = g.nodes.filter((n) => n.id !== id);
  g.edges = g.edges.filter((e) => e.source !== id && e.target !== id);
}

/** The connection ids of a graph, sorted (to compare merged connections whatever their order). */
export const edgeIds = (def: WorkflowDefinition) => def.edges.map((e) => e.id).sort();

/** The three versions of a three-way merge: scoredFollowUpGraph as the base, and their and my edits of copies of it. */
export function sides(edit: { theirs?: (g: WorkflowDefinition) => void; mine?: (g: WorkflowDefinition) => void } = {}) {
  const base = scoredFollowUpGraph();
  const theirs = cloneGraph(base);
  const mine = cloneGraph(base);
  edit.theirs?.(theirs);
  edit.mine?.(mine);
  return { base, theirs, mine };
}

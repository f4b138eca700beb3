import { diffGraphs } from '../paths/diff';
import type { WorkflowDefinition } from '../workflow-types';

/** Test helpers for graph edits (the merge tests): same content by id, whatever the order of nodes and edges. */
export const sameGraph = (a: WorkflowDefinition, b: WorkflowDefinition) => diffGraphs(a, b).same;

/** Deletes a step and every connection into or out of it, as the editor does. */
export function deleteStep(g: WorkflowDefinition, id: string): void {
  g.nodes = g.nodes.filter((n) => n.id !== id);
  g.edges = g.edges.filter((e) => e.source !== id && e.target !== id);
}

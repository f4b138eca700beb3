import type { PatchOperation } from './contract/campaigns';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from './workflow-types';

/**
 * Contract 8.1 patch-campaign-workflow, the pure part: operations applied in order to a saved graph.
 * All or nothing: the first operation that names a missing id (or adds an id that exists) stops the
 * patch with its path (`operations.3.id`). The graph rules are not checked here: the result goes
 * through the same save as a full replacement. The saved graph is never modified.
 */

export interface PatchProblem {
  path: string;
  message: string;
}

export type PatchOutcome = { ok: true; definition: WorkflowDefinition } | { ok: false; error: PatchProblem };

/** `e_<source>_<handle or next>_<target>`, with a number added while that id is taken. */
function newEdgeId(edges: ReadonlyMap<string, WorkflowEdge>, source: string, target: string, handle: unknown): string {
  const base = `e_${source}_${typeof handle === 'string' ? handle : 'next'}_${target}`;
  let id = base;
  for (let n = 2; edges.has(id); n++) id = `${base}_${n}`;
  return id;
}

/** `data` merged into the node's data; a key set to null is removed. */
function mergeData(current: unknown, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = current && typeof current === 'object' && !Array.isArray(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function applyWorkflowPatch(saved: WorkflowDefinition, operations: readonly PatchOperation[]): PatchOutcome {
  // Insertion-ordered maps: lookups by id, and the saved order kept for everything untouched.
  const nodes = new Map<string, WorkflowNode>(saved.nodes.map((n) => [n.id, n]));
  const edges = new Map<string, WorkflowEdge>(saved.edges.map((e) => [e.id, e]));
  const fail = (index: number, field: string, message: string): PatchOutcome => ({
    ok: false,
    error: { path: `operations.${index}.${field}`, message },
  });
  const missingNode = (id: string) => `No node has the id “${id}” at this point (check the ids with get-campaign).`;

  for (const [index, op] of operations.entries()) {
    switch (op.op) {
      case 'add_node': {
        if (nodes.has(op.node.id)) return fail(index, 'node.id', `A node with the id “${op.node.id}” already exists.`);
        nodes.set(op.node.id, { ...op.node } as WorkflowNode);
        break;
      }
      case 'update_node': {
        const node = nodes.get(op.id);
        if (!node) return fail(index, 'id', missingNode(op.id));
        nodes.set(op.id, {
          ...node,
          ...(op.data ? { data: mergeData(node.data, op.data) } : {}),
          ...(op.position ? { position: { ...op.position } } : {}),
        });
        break;
      }
      case 'remove_node': {
        if (!nodes.delete(op.id)) return fail(index, 'id', missingNode(op.id));
        for (const [id, e] of edges) if (e.source === op.id || e.target === op.id) edges.delete(id);
        break;
      }
      case 'add_edge': {
        const { source, target } = op.edge;
        if (!nodes.has(source)) return fail(index, 'edge.source', missingNode(source));
        if (!nodes.has(target)) return fail(index, 'edge.target', missingNode(target));
        if (op.edge.id !== undefined && edges.has(op.edge.id))
          return fail(index, 'edge.id', `An edge with the id “${op.edge.id}” already exists.`);
        const id = op.edge.id ?? newEdgeId(edges, source, target, op.edge.sourceHandle);
        edges.set(id, { ...op.edge, id } as WorkflowEdge);
        break;
      }
      case 'remove_edge': {
        if (!edges.delete(op.id))
          return fail(index, 'id', `No edge has the id “${op.id}” at this point (check the ids with get-campaign).`);
        break;
      }
    }
  }
  return { ok: true, definition: { nodes: [...nodes.values()], edges: [...edges.values()] } };
}

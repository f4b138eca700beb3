import type { FlowEdge, FlowNode } from './types';

/** The selected steps and connections, by id (a new object only when the selection changed). */
export interface Selection {
  nodeIds: readonly string[];
  edgeIds: readonly string[];
}

export const EMPTY_SELECTION: Selection = { nodeIds: [], edgeIds: [] };

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
/** The selection of `nodes` and `edges`; `previous` itself when it is the same. */
export function selectionOf(nodes: readonly FlowNode[], edges: readonly FlowEdge[], previous: Selection): Selection {
  const nodeIds = nodes.filter((n) => n.selected).map((n) => n.id);
  const edgeIds = edges.filter((e) => e.selected).map((e) => e.id);
  if (sameIds(nodeIds, previous.nodeIds) && sameIds(edgeIds, previous.edgeIds)) return previous;
  return nodeIds.length === 0 && edgeIds.length === 0 ? EMPTY_SELECTION : { nodeIds, edgeIds };
}

const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "5 steps", "2 steps and 1 connection": a selection in users' words (steps first, connections named apart). */
export function selectionWords(steps: number, connections: number): string {
  const parts = [steps > 0 && counted(steps, 'step', 'steps'), connections > 0 && counted(connections, 'connection', 'connections')];
  return parts.filter(Boolean).join(' and ');
}

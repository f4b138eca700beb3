import type { WorkflowDefinition } from '../workflow-types';

/** Small lookups over a test graph (scoredFollowUpGraph: start, score, invite, thanks, follow_up, withdraw, end, end_unqualified). */
type Graph = WorkflowDefinition;
export const find = (g: Graph, id: string) => g.nodes.find((n) => n.id === id)!;
export const edgeOf = (g: Graph, id: string) => g.edges.find((e) => e.id === id)!;
export const without = (g: Graph, edgeId: string): Graph => ({ ...g, edges: g.edges.filter((e) => e.id !== edgeId) });

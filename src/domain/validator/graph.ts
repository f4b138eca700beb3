import { nodeRole } from '../catalog';
import { isRecord } from '../is-record';
import type { NodeRole } from '../catalog';

/**
 * A tolerant, index-based view of a workflow definition for the graph rules of spec 4.1 and
 * the editor's connect-time guard. Built in one pass from anything (schema problems are
 * reported elsewhere); every walk over it is O(nodes + edges).
 */

export interface GraphNode {
  /** Position in `definition.nodes` (for paths like `nodes.3.data.icpThreshold`). */
  index: number;
  id: string;
  /** The type string when it is one; unknown types keep their string, roles come from the catalog. */
  type: string | undefined;
  role: NodeRole | undefined;
  data: Record<string, unknown>;
}

export interface GraphEdge {
  /** Position in `definition.edges`. */
  index: number;
  id: string | undefined;
  /** Indexes into `Graph.nodes`. */
  from: number;
  to: number;
  /** `null` and absent are the same here (React Flow uses null); the schema reports null. */
  handle: string | undefined;
  /** A non-string handle (reported by the schema), kept apart so it is never taken as absent. */
  badHandle: boolean;
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  indexOf: Map<string, number>;
  outgoing: GraphEdge[][];
  incoming: GraphEdge[][];
}

/** Problems found while building the view; the validator turns them into violations. */
export interface GraphBuildIssues {
  duplicateNodes: Array<{ index: number; id: string }>;
  duplicateEdges: Array<{ index: number; id: string }>;
  danglingEdges: Array<{ index: number; id: string | undefined; end: 'source' | 'target'; ref: string }>;
}

/** Builds the graph view: first node of an id wins; edges naming no node are left out. */
export function buildGraph(rawNodes: readonly unknown[], rawEdges: readonly unknown[]): { graph: Graph; issues: GraphBuildIssues } {
  const issues: GraphBuildIssues = { duplicateNodes: [], duplicateEdges: [], danglingEdges: [] };
  const nodes: GraphNode[] = [];
  const indexOf = new Map<string, number>();
  for (let index = 0; index < rawNodes.length; index++) {
    const raw = rawNodes[index];
    if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id === '') continue;
    if (indexOf.has(raw.id)) {
      issues.duplicateNodes.push({ index, id: raw.id });
      continue;
    }
    const type = typeof raw.type === 'string' ? raw.type : undefined;
    indexOf.set(raw.id, nodes.length);
    nodes.push({ index, id: raw.id, type, role: nodeRole(type), data: isRecord(raw.data) ? raw.data : {} });
  }

  const edges: GraphEdge[] = [];
  const outgoing: GraphEdge[][] = nodes.map(() => []);
  const incoming: GraphEdge[][] = nodes.map(() => []);
  const edgeIds = new Set<string>();
  for (let index = 0; index < rawEdges.length; index++) {
    const raw = rawEdges[index];
    if (!isRecord(raw)) continue;
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    if (id !== undefined) {
      if (edgeIds.has(id)) issues.duplicateEdges.push({ index, id });
      edgeIds.add(id);
    }
    if (typeof raw.source !== 'string' || typeof raw.target !== 'string') continue;
    const from = indexOf.get(raw.source);
    const to = indexOf.get(raw.target);
    if (from === undefined) issues.danglingEdges.push({ index, id, end: 'source', ref: raw.source });
    if (to === undefined) issues.danglingEdges.push({ index, id, end: 'target', ref: raw.target });
    if (from === undefined || to === undefined) continue;
    const handle = typeof raw.sourceHandle === 'string' ? raw.sourceHandle : undefined;
    const badHandle = raw.sourceHandle !== undefined && raw.sourceHandle !== null && handle === undefined;
    const e: GraphEdge = { index, id, from, to, handle, badHandle };
    edges.push(e);
    outgoing[from]!.push(e);
    incoming[to]!.push(e);
  }
  return { graph: { nodes, edges, indexOf, outgoing, incoming }, issues };
}

/**
 * Nodes reachable from `sources` (breadth first), not following edges for which `skip` is true.
 * Returns a flag per node.
 */
export function reachableFrom(graph: Graph, sources: readonly number[], skip?: (edge: GraphEdge) => boolean): Uint8Array {
  const seen = new Uint8Array(graph.nodes.length);
  const queue: number[] = [];
  for (const s of sources) {
    if (!seen[s]) {
      seen[s] = 1;
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const e of graph.outgoing[queue[head]!]!) {
      if (seen[e.to] || (skip && skip(e))) continue;
      seen[e.to] = 1;
      queue.push(e.to);
    }
  }
  return seen;
}

/** Ids of the nodes reachable from the node `fromId` (itself included) along the edges; empty for an unknown id. */
export function reachableIds(nodes: readonly unknown[], edges: readonly unknown[], fromId: string): Set<string> {
  const { graph } = buildGraph(nodes, edges);
  const from = graph.indexOf.get(fromId);
  if (from === undefined) return new Set();
  const seen = reachableFrom(graph, [from]);
  return new Set(graph.nodes.filter((_, i) => seen[i] === 1).map((n) => n.id));
}

/**
 * Edges that lie on some cycle (spec 4.1 rule 11): exactly the edges inside one strongly connected
 * component, self loops included. Iterative Tarjan, O(nodes + edges), no recursion limit.
 */
export function edgesOnCycles(graph: Graph): GraphEdge[] {
  const n = graph.nodes.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const next = new Int32Array(n); // next outgoing edge to look at, per node on the DFS path
  let counter = 0;
  let components = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const path = [root];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (path.length > 0) {
      const v = path[path.length - 1]!;
      const out = graph.outgoing[v]!;
      if (next[v]! < out.length) {
        const w = out[next[v]!++]!.to;
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          path.push(w);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, order[w]!);
        continue;
      }
      path.pop();
      if (path.length > 0) {
        const parent = path[path.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === order[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components;
        } while (w !== v);
        components++;
      }
    }
  }
  return graph.edges.filter((e) => component[e.from] === component[e.to]);
}

/** Would an edge from → to close a cycle? True when `from` is reachable from `to` (one BFS). */
export function wouldCloseCycle(graph: Graph, from: number, to: number): boolean {
  return from === to || reachableFrom(graph, [to])[from] === 1;
}

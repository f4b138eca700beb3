import {
  CATALOG,
  countProblems,
  END_TYPE,
  nodeOutputs,
  nodeRole,
  reachableIds,
  replyOutput,
  ROW_GAP,
  validateWorkflow,
  type NodeType,
  type ValidationContext,
} from '../../../domain';
import { initialSize, sizedSteps, toDefinition, WORKFLOW_EDGE_TYPE, type CanvasGraph } from './convert';
import { placeUnderOutput } from '../canvas/placement';
import { freshEdgeId, freshId } from '../../../domain/ids';
import type { FlowEdge, FlowNode } from './types';

const takenNodeIds = (g: CanvasGraph) => new Set(g.nodes.map((n) => n.id));
const takenEdgeIds = (g: CanvasGraph) => new Set(g.edges.map((e) => e.id));

function newNode(type: NodeType, position: { x: number; y: number }, taken: Set<string>): FlowNode {
  return {
    id: freshId(type, taken),
    type,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    data: CATALOG[type].defaults(),
    selected: true,
    ...initialSize(type),
  };
}

function newEdge(source: string, sourceHandle: string | null | undefined, target: string, taken: Set<string>): FlowEdge {
  return {
    id: freshEdgeId(source, sourceHandle, target, taken),
    source,
    target,
    sourceHandle: sourceHandle ?? null,
    type: WORKFLOW_EDGE_TYPE,
  };
}

/** The outputs of a node as handle ids (null = the single unnamed output), from the catalog. */
const outputsOf = (type: string | undefined): (string | null)[] => nodeOutputs(type).map((o) => o.id);

const deselect = <T extends { selected?: boolean }>(items: T[]): T[] => items.map((i) => (i.selected ? { ...i, selected: false } : i));

/**
 * Adds a step at `at`, selected alone, connected from `link` when given. Where it goes and whether
 * that link is valid are decided once, by canvas/placement.ts. A step that waits for a reply gets
 * its reply output wired to a new End under it (a reply ends the run anyway): one step less to draw.
 */
export function addNode(
  g: CanvasGraph,
  type: NodeType,
  at: { x: number; y: number },
  link: { source: string; sourceHandle: string | null } | null = null,
): CanvasGraph {
  const nodeIds = takenNodeIds(g);
  const edgeIds = takenEdgeIds(g);
  const node = newNode(type, at, nodeIds);
  const nodes = deselect(g.nodes);
  const edges = deselect(g.edges);
  const reply = replyOutput(type);
  if (reply !== null) {
    const spot = placeUnderOutput(sizedSteps([...nodes, node]), node, reply, END_TYPE);
    const end = { ...newNode(END_TYPE, spot, nodeIds.add(node.id)), selected: false };
    nodes.push(end);
    edges.push(newEdge(node.id, reply, end.id, edgeIds));
  }
  // The new step and its link come last (the canvas reveals the last step added).
  if (link) edges.push(newEdge(link.source, link.sourceHandle, node.id, edgeIds));
  return { ...g, nodes: [...nodes, node], edges };
}

/**
 * Puts a new step on an existing edge: source → new → target. The new step's outputs are wired so
 * the graph breaks the fewest rules: each output is tried as the one that continues to the old
 * target while the others go to an end step; the shared validator picks the winner.
 */
export function insertOnEdge(g: CanvasGraph, edgeId: string, type: NodeType, context?: ValidationContext): CanvasGraph {
  const edge = g.edges.find((e) => e.id === edgeId);
  if (!edge) return g;
  const source = g.nodes.find((n) => n.id === edge.source);
  const target = g.nodes.find((n) => n.id === edge.target);
  if (!source || !target) return g;
  const nodeIds = takenNodeIds(g);
  const gap = target.position.y - source.position.y;
  const shift = gap < 2 * ROW_GAP ? ROW_GAP : 0;
  const moved = shift ? reachableIds(g.nodes, g.edges, target.id) : new Set<string>();
  const node = newNode(type, { x: target.position.x, y: shift ? target.position.y : source.position.y + gap / 2 }, nodeIds);
  const nodes = [
    ...deselect(g.nodes).map((n) => (moved.has(n.id) ? { ...n, position: { x: n.position.x, y: n.position.y + shift } } : n)),
    node,
  ];
  const outputs = outputsOf(type);
  const endNode = g.nodes.find((n) => nodeRole(n.type) === 'end');
  const base = deselect(g.edges).map((e) => (e.id === edgeId ? { ...e, target: node.id } : e));
  const candidates = (outputs.length ? outputs : [undefined]).map((keep) => {
    const taken = takenEdgeIds(g);
    const edges = [...base];
    for (const h of outputs) {
      if (h === keep) edges.push(newEdge(node.id, h, target.id, taken));
      else if (endNode) edges.push(newEdge(node.id, h, endNode.id, taken));
    }
    return { ...g, nodes, edges };
  });
  if (candidates.length === 1) return candidates[0]!;
  const errors = (c: CanvasGraph) => countProblems(validateWorkflow(toDefinition(c), context)).errors;
  return candidates.reduce((best, c) => (errors(c) < errors(best) ? c : best));
}

/** Removes the selected steps and connections (and every connection touching a removed step). */
export function deleteSelection(g: CanvasGraph): CanvasGraph {
  const gone = new Set(g.nodes.filter((n) => n.selected).map((n) => n.id));
  const nodes = g.nodes.filter((n) => !gone.has(n.id));
  const edges = g.edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target));
  if (nodes.length === g.nodes.length && edges.length === g.edges.length) return g;
  const nodeExtras = { ...g.nodeExtras };
  for (const id of gone) delete nodeExtras[id];
  const edgeExtras = { ...g.edgeExtras };
  const kept = new Set(edges.map((e) => e.id));
  for (const e of g.edges) if (!kept.has(e.id)) delete edgeExtras[e.id];
  return { nodes, edges, nodeExtras, edgeExtras };
}

export function connect(g: CanvasGraph, source: string, sourceHandle: string | null | undefined, target: string): CanvasGraph {
  return { ...g, edges: [...g.edges, newEdge(source, sourceHandle, target, takenEdgeIds(g))] };
}

/** Re-wires a connection: `edgeId` gives way to one from `source` (its output `sourceHandle`) to `target`. */
export function reconnect(
  g: CanvasGraph,
  edgeId: string,
  source: string,
  sourceHandle: string | null | undefined,
  target: string,
): CanvasGraph {
  const rest = g.edges.filter((e) => e.id !== edgeId);
  if (rest.length === g.edges.length) return g;
  const edgeExtras = { ...g.edgeExtras };
  delete edgeExtras[edgeId];
  return { ...g, edges: [...rest, newEdge(source, sourceHandle, target, takenEdgeIds({ ...g, edges: rest }))], edgeExtras };
}

/** Replaces one node's data (a new object: the node re-renders, its neighbours do not). */
export function setNodeData(g: CanvasGraph, nodeId: string, update: (data: FlowNode['data']) => FlowNode['data']): CanvasGraph {
  const index = g.nodes.findIndex((n) => n.id === nodeId);
  if (index < 0) return g;
  const nodes = g.nodes.slice();
  nodes[index] = { ...nodes[index]!, data: update(nodes[index]!.data) };
  return { ...g, nodes };
}

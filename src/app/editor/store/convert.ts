import {
  isNodeType,
  isRecord,
  nominalSize,
  type NodeData,
  type Size,
  type WorkflowDefinition,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../../domain';
import type { EdgeExtrasMap, FlowEdge, FlowNode, NodeExtras, NodeExtrasMap } from './types';

/** React Flow node type of a workflow node whose type the catalog does not know. */
export const UNKNOWN_NODE_TYPE = 'unknown';
/**
 * A step's size before the browser measured it (its nominal size): lets React Flow draw only the steps on screen from
 * the very first render of a large campaign (instead of mounting all of them to measure them).
 */
export function initialSize(type: string | undefined): { initialWidth: number; initialHeight: number } {
  const { width, height } = nominalSize(type);
  return { initialWidth: width, initialHeight: height };
}
/** A step's size as drawn: measured by the browser, or its nominal size until then. */
export function stepSize(n: FlowNode): Size {
  return measuredSize(n) ?? nominalSize(n.type);
}
/** A step's measured size when it differs from its nominal size (undefined while unmeasured or nominal). */
export function measuredSize(n: FlowNode): Size | undefined {
  const { width, height } = n.measured ?? {};
  if (!width || !height) return undefined;
  const nominal = nominalSize(n.type);
  return width === nominal.width && height === nominal.height ? undefined : { width, height };
}
/** The steps as placement and routing read them: id, type, position, and their measured size when it is not the nominal one. */
export const sizedSteps = (nodes: readonly FlowNode[]) =>
  nodes.map((n) => ({ id: n.id, type: n.type, position: n.position, size: measuredSize(n) }));
/** The one custom edge type of the canvas. */
export const WORKFLOW_EDGE_TYPE = 'workflow';

const NODE_CORE = new Set(['id', 'type', 'position', 'data']);
const EDGE_CORE = new Set(['id', 'source', 'target', 'sourceHandle']);

const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function restProps(source: Record<string, unknown>, core: ReadonlySet<string>): Record<string, unknown> | null {
  let rest: Record<string, unknown> | null = null;
  for (const key of Object.keys(source)) {
    if (core.has(key)) continue;
    (rest ??= {})[key] = source[key];
  }
  return rest;
}

export interface CanvasGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
  nodeExtras: NodeExtrasMap;
  edgeExtras: EdgeExtrasMap;
}

/** A workflow node as a canvas node; its extra properties go to `extras` (keyed by id). */
export function toFlowNode(node: WorkflowNode, extras: Record<string, NodeExtras>): FlowNode {
  const known = isNodeType(node.type);
  const props = restProps(node, NODE_CORE);
  // A non-object position or data (never from our server) is kept verbatim so it round-trips.
  if (!isRecord(node.position)) extrasOf(extras, node.id).props.position = node.position;
  if (!isRecord(node.data)) extrasOf(extras, node.id).props.data = node.data;
  if (props) Object.assign(extrasOf(extras, node.id).props, props);
  if (!known) extrasOf(extras, node.id).type = String(node.type);
  const position = isRecord(node.position) ? { x: finite(node.position.x), y: finite(node.position.y) } : { x: 0, y: 0 };
  return {
    id: String(node.id),
    type: known ? node.type : UNKNOWN_NODE_TYPE,
    position,
    data: isRecord(node.data) ? (node.data as NodeData) : {},
    ...initialSize(known ? node.type : undefined),
  };
}

function extrasOf(map: Record<string, NodeExtras>, id: string): NodeExtras {
  return (map[id] ??= { props: {} });
}

export function toFlowEdge(edge: WorkflowEdge, extras: Record<string, Record<string, unknown>>): FlowEdge {
  const props = restProps(edge, EDGE_CORE);
  const handle = edge.sourceHandle;
  const rest: Record<string, unknown> = props ?? {};
  // sourceHandle that is present but not a string is kept verbatim as an extra.
  if (handle !== undefined && typeof handle !== 'string') rest.sourceHandle = handle;
  if (Object.keys(rest).length > 0) extras[edge.id] = rest;
  return {
    id: String(edge.id),
    source: String(edge.source),
    target: String(edge.target),
    sourceHandle: typeof handle === 'string' ? handle : null,
    type: WORKFLOW_EDGE_TYPE,
  };
}

/** Spec JSON → canvas (+ side maps of extra properties). */
export function fromDefinition(def: WorkflowDefinition): CanvasGraph {
  const nodeExtras: Record<string, NodeExtras> = {};
  const edgeExtras: Record<string, Record<string, unknown>> = {};
  const nodes = (Array.isArray(def.nodes) ? def.nodes : []).map((n) => toFlowNode(n, nodeExtras));
  const edges = (Array.isArray(def.edges) ? def.edges : []).map((e) => toFlowEdge(e, edgeExtras));
  return { nodes, edges, nodeExtras, edgeExtras };
}

export function toWorkflowNode(node: FlowNode, extras: NodeExtras | undefined): WorkflowNode {
  const out: WorkflowNode = {
    id: node.id,
    type: extras?.type ?? node.type ?? UNKNOWN_NODE_TYPE,
    position: { x: node.position.x, y: node.position.y },
    data: node.data,
  };
  if (extras) Object.assign(out, extras.props);
  return out;
}

export function toWorkflowEdge(edge: FlowEdge, extras: Record<string, unknown> | undefined): WorkflowEdge {
  const out: WorkflowEdge = { id: edge.id, source: edge.source, target: edge.target };
  if (typeof edge.sourceHandle === 'string') out.sourceHandle = edge.sourceHandle;
  if (extras) Object.assign(out, extras);
  return out;
}

/** Canvas → spec JSON with every extra property restored, in canvas order (violation paths index it). */
export function toDefinition(graph: CanvasGraph): WorkflowDefinition {
  return {
    nodes: graph.nodes.map((n) => toWorkflowNode(n, graph.nodeExtras[n.id])),
    edges: graph.edges.map((e) => toWorkflowEdge(e, graph.edgeExtras[e.id])),
  };
}

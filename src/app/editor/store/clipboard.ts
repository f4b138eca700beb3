import { isRecord, type WorkflowEdge, type WorkflowNode } from '../../../domain';
import { pasteOffset } from '../canvas/placement';
import { sizedSteps, toFlowEdge, toFlowNode, toWorkflowEdge, toWorkflowNode, type CanvasGraph } from './convert';
import { freshEdgeId, freshId } from '../../../domain/ids';
import type { FlowNode, NodeExtras } from './types';

/** What goes on the clipboard: plain spec JSON of the copied steps, so it pastes into any campaign. */
export interface ClipboardPayload {
  format: 'campaign-studio/steps';
  version: 1;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** The selected steps and the connections between them (extras included). Null when nothing is selected. */
export function copySelection(g: CanvasGraph): ClipboardPayload | null {
  const nodes = g.nodes.filter((n) => n.selected);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((n) => n.id));
  const edges = g.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return {
    format: 'campaign-studio/steps',
    version: 1,
    nodes: nodes.map((n) => structuredClone(toWorkflowNode(n, g.nodeExtras[n.id]))),
    edges: edges.map((e) => structuredClone(toWorkflowEdge(e, g.edgeExtras[e.id]))),
  };
}

/** Reads clipboard text; anything that is not our payload gives null. */
export function parseClipboard(text: string): ClipboardPayload | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.format !== 'campaign-studio/steps' || !Array.isArray(value.nodes) || !Array.isArray(value.edges))
      return null;
    const nodes = value.nodes.filter((n): n is WorkflowNode => isRecord(n) && typeof n.id === 'string' && typeof n.type === 'string');
    const edges = value.edges.filter(
      (e): e is WorkflowEdge => isRecord(e) && typeof e.id === 'string' && typeof e.source === 'string' && typeof e.target === 'string',
    );
    return nodes.length ? { format: 'campaign-studio/steps', version: 1, nodes, edges } : null;
  } catch {
    return null;
  }
}

/**
 * Adds copied steps with fresh ids (edges remapped to them), shifted by `offset`; the pasted steps
 * become the selection. Edges whose ends were not copied are dropped.
 */
export function pasteInto(g: CanvasGraph, payload: ClipboardPayload, offset: { x: number; y: number }): CanvasGraph {
  const nodeIds = new Set(g.nodes.map((n) => n.id));
  const edgeIds = new Set(g.edges.map((e) => e.id));
  const idMap = new Map<string, string>();
  const nodeExtras: Record<string, NodeExtras> = { ...g.nodeExtras };
  const edgeExtras: Record<string, Record<string, unknown>> = { ...g.edgeExtras };
  const pastedNodes = payload.nodes.map((raw) => {
    const id = freshId(String(raw.type).replace(/_\d+$/, ''), nodeIds);
    idMap.set(raw.id, id);
    const copy = structuredClone(raw);
    const position = isRecord(copy.position) ? copy.position : { x: 0, y: 0 };
    copy.position = { x: Number(position.x) + offset.x, y: Number(position.y) + offset.y };
    copy.id = id;
    return { ...toFlowNode(copy, nodeExtras), selected: true };
  });
  const pastedEdges = payload.edges.flatMap((raw) => {
    const source = idMap.get(raw.source);
    const target = idMap.get(raw.target);
    if (!source || !target) return [];
    const id = freshEdgeId(source, typeof raw.sourceHandle === 'string' ? raw.sourceHandle : null, target, edgeIds);
    return [toFlowEdge({ ...structuredClone(raw), id, source, target }, edgeExtras)];
  });
  const nodes = g.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)).concat(pastedNodes);
  const edges = g.edges.map((e) => (e.selected ? { ...e, selected: false } : e)).concat(pastedEdges);
  return { nodes, edges, nodeExtras, edgeExtras };
}

/** Beside the copied steps, overlapping none (canvas/placement.ts's pasteOffset); `wanted`: the group's top-left elsewhere. */
export function clearOffset(
  nodes: readonly FlowNode[],
  payload: ClipboardPayload,
  wanted?: { x: number; y: number },
): { x: number; y: number } {
  const steps = sizedSteps(nodes);
  const measured = new Map(steps.map((s) => [s.id, s.size]));
  const group = payload.nodes.map((n) => {
    const size = measured.get(n.id);
    const position = { x: Number(n.position?.x) || 0, y: Number(n.position?.y) || 0 };
    return size ? { id: n.id, type: n.type, position, size } : { id: n.id, type: n.type, position };
  });
  return pasteOffset(steps, group, wanted);
}

import type { InternalNode, NodeChange, NodePositionChange, useStoreApi } from '@xyflow/react';
import { ConnectionMode, getEdgePosition, getInternalNodesBounds } from '@xyflow/system';
import { editorStore, type FlowEdge, type FlowNode } from '../store';
import { createDragLayer, type DragLayer, type EdgeStroke } from './drag-layer';
import { edgeShape } from './edge-geometry';
import { useEdgeRoutes } from './edge-routes';

/**
 * The drag path ("500 steps at 60 fps"). In React Flow's controlled mode every pointer
 * move goes through the editor store and back: a new nodes array, the canvas re-rendered, React
 * Flow re-adopting all 500 nodes and every node's and connection's store selector re-run. Instead
 * the store sees only the first frame of a drag (it records the one undo step, see
 * editor-store.onNodesChange) and the drop (positions committed, overlays and routes updated). The
 * frames between are painted here without React: the dragged steps' positions go into React Flow's
 * node lookup silently (nothing re-renders) and onto their elements, and their connections are drawn
 * with the edge view's own `edgeShape` on the drag layer (drag-layer.ts).
 *
 * The DOM and React never disagree: a step's transform is written exactly as React Flow writes it
 * from the lookup we keep current, so a render during the drag, or the drop's, writes the same
 * value or finds it already there; the connections' own elements are only hidden, never changed.
 */
export function routeNodeChanges(changes: NodeChange<FlowNode>[], flow: FlowStore): void {
  if (editorStore.getState().dragging && changes.length > 0 && changes.every(isDragFrame)) return paintFrame(flow, changes as DragFrame[]);
  editorStore.getState().onNodesChange(changes);
  if (!editorStore.getState().dragging) endLiveDrag();
}

type FlowStore = ReturnType<typeof useStoreApi<FlowNode>>;
type FlowState = ReturnType<FlowStore['getState']>;
type DragFrame = NodePositionChange & { position: { x: number; y: number } };
const isDragFrame = (c: NodeChange<FlowNode>): boolean => c.type === 'position' && c.dragging === true && c.position !== undefined;

interface LiveDrag {
  /** Null without a page (unit tests): the lookup still moves. */
  layer: DragLayer | null;
  /** Each dragged step's element, found once. */
  nodes: Map<string, HTMLElement | null>;
  /** The connections of each step (from the editor's graph, once per drag). */
  edgesOf: Map<string, FlowEdge[]>;
  /** The connections being drawn on the layer, with their look (null: not on the page). */
  drawn: Map<string, { edge: FlowEdge; stroke: EdgeStroke | null }>;
}
let live: LiveDrag | null = null;

function startLiveDrag(root: HTMLElement | null): LiveDrag {
  const edgesOf = new Map<string, FlowEdge[]>();
  for (const e of editorStore.getState().edges)
    for (const end of new Set([e.source, e.target])) {
      const list = edgesOf.get(end);
      if (list) list.push(e);
      else edgesOf.set(end, [e]);
    }
  return { layer: root && typeof document !== 'undefined' ? createDragLayer(root) : null, nodes: new Map(), edgesOf, drawn: new Map() };
}

/** Ends the drag's painting once the drop's render has taken over. */
function endLiveDrag(): void {
  live?.layer?.remove();
  live = null;
}

/** One drag frame: positions into React Flow's lookup (no notification), then onto the page. */
function paintFrame(flow: FlowStore, changes: readonly DragFrame[]): void {
  const state = flow.getState();
  const d = (live ??= startLiveDrag(state.domNode ?? null));
  let moved = false;
  for (const c of changes) {
    const node = state.nodeLookup.get(c.id);
    if (!node || (node.position.x === c.position.x && node.position.y === c.position.y)) continue;
    // Steps have no parent (no sub-flows) and the node origin is [0, 0]: the absolute position is the position.
    state.nodeLookup.set(c.id, { ...node, position: c.position, internals: { ...node.internals, positionAbsolute: c.position } });
    moved = true;
    if (!d.layer) continue;
    if (!d.nodes.has(c.id)) {
      d.nodes.set(c.id, d.layer.find(c.id));
      for (const edge of d.edgesOf.get(c.id) ?? [])
        if (!d.drawn.has(edge.id)) d.drawn.set(edge.id, { edge, stroke: d.layer.hideEdge(edge.id) });
    }
    // React Flow's NodeWrapper transform, character for character.
    const el = d.nodes.get(c.id);
    if (el) d.layer.move(el, `translate(${c.position.x}px,${c.position.y}px)`);
  }
  if (!moved || !d.layer) return;
  const routes = useEdgeRoutes.getState().routes;
  const lines: { stroke: EdgeStroke; path: string }[] = [];
  for (const { edge, stroke } of d.drawn.values()) {
    const path = stroke && pathOf(state, edge, routes.get(edge.id));
    if (stroke && path) lines.push({ stroke, path });
  }
  d.layer.draw(state.transform, state, lines);
  paintSelectionBox(state);
}

/** The connection's path where React Flow would now draw it (its handles on the moved steps). */
function pathOf(state: FlowState, edge: FlowEdge, route: Parameters<typeof edgeShape>[0]): string | null {
  const sourceNode = state.nodeLookup.get(edge.source) as InternalNode | undefined;
  const targetNode = state.nodeLookup.get(edge.target) as InternalNode | undefined;
  if (!sourceNode || !targetNode) return null;
  const ends = getEdgePosition({
    id: edge.id,
    sourceNode,
    targetNode,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
    connectionMode: state.connectionMode ?? ConnectionMode.Strict,
  });
  return ends && edgeShape(route, ends).path;
}

/** The box around several selected steps (React Flow's NodesSelection), moved with them as React Flow would. */
function paintSelectionBox(state: FlowState): void {
  if (!state.nodesSelectionActive) return;
  const box = state.domNode?.querySelector<HTMLElement>('.react-flow__nodesselection');
  if (!box) return;
  const { x, y } = getInternalNodesBounds(state.nodeLookup, { filter: (node) => !!node.selected });
  const [tx, ty, zoom] = state.transform;
  box.style.transform = `translate(${tx}px,${ty}px) scale(${zoom}) translate(${x}px,${y}px)`;
}

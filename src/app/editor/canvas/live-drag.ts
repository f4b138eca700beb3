import type { NodeChange, NodePositionChange, useStoreApi } from '@xyflow/react';

import { editorStore, type FlowNode } from '../store';

/**
 * The drag path of a large campaign (issue 12, "500 steps at 60 fps"). In React Flow's controlled
 * mode every pointer move goes through the editor store and back: a new nodes array, the canvas
 * re-rendered, React Flow re-adopting all 500 nodes and every store selector re-run. Instead the
 * store sees only the first frame of a drag (it records the one undo step, see
 * editor-store.onNodesChange) and the drop (positions committed, overlays and routes updated); the
 * frames between move the dragged steps inside React Flow's own node lookup, so only those steps
 * and their connections re-render.
 */
export function routeNodeChanges(changes: NodeChange<FlowNode>[], flow: FlowStore): void {
  if (editorStore.getState().dragging && changes.length > 0 && changes.every(isDragFrame)) moveInside(flow, changes as DragFrame[]);
  else editorStore.getState().onNodesChange(changes);
}

type FlowStore = ReturnType<typeof useStoreApi<FlowNode>>;
type DragFrame = NodePositionChange & { position: { x: number; y: number } };
const isDragFrame = (c: NodeChange<FlowNode>): boolean => c.type === 'position' && c.dragging === true && c.position !== undefined;

/**
 * Moves steps in React Flow's internal lookup without touching the user nodes: a new internal node
 * object per moved step (so only its NodeWrapper and the edges reading it see a change), then one
 * store notification. Steps have no parent (the editor has no sub-flows) and the node origin is
 * React Flow's default [0, 0], so the absolute position is the position.
 */
function moveInside(flow: FlowStore, changes: readonly DragFrame[]): void {
  const { nodeLookup } = flow.getState();
  let moved = false;
  for (const c of changes) {
    const node = nodeLookup.get(c.id);
    if (!node || (node.position.x === c.position.x && node.position.y === c.position.y)) continue;
    nodeLookup.set(c.id, { ...node, position: c.position, internals: { ...node.internals, positionAbsolute: c.position } });
    moved = true;
  }
  if (moved) flow.setState({});
}

import { useStore, type ReactFlowState } from '@xyflow/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useEditorStore, type FlowNode } from '../store';
import { paintPending, pendingParts, pendingPicture, type PendingConnection } from './pending-steps';

const viewOf = (s: ReactFlowState) => s.transform;
const widthOf = (s: ReactFlowState) => s.width;
const heightOf = (s: ReactFlowState) => s.height;
/** Where the steps are (a step's measured size changes nothing the layer draws). */
const placesOf = (nodes: readonly FlowNode[]) => nodes.map((n) => `${n.id}:${n.type}:${n.position.x}:${n.position.y}`).join('|');

/**
 * While a large campaign's steps are still being handed to React Flow (progressive.ts), the ones not
 * attached yet, and their connections, are drawn on one canvas under the attached ones
 * (pending-steps.ts): a first view of the whole graph is whole from its first frame, and each step
 * turns into the real, interactive one as it is attached. The canvas goes when every step is.
 */
export function PendingStepsLayer({ attached }: { attached: ReadonlySet<string> }) {
  const places = useEditorStore((s) => placesOf(s.nodes));
  const edges = useEditorStore((s) => s.edges);
  const violations = useEditorStore((s) => s.validation.byNode);
  const transform = useStore(viewOf);
  const width = useStore(widthOf);
  const height = useStore(heightOf);
  const ref = useRef<HTMLCanvasElement>(null);
  const picture = useMemo(() => {
    void places; // the picture changes with the steps' places, not with their measured sizes
    const { nodes } = useEditorStore.getState();
    return pendingPicture(
      {
        nodes: nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
        edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null })),
      },
      violations,
    );
  }, [places, edges, violations]);
  const parts = useMemo(() => pendingParts(picture, attached), [picture, attached]);
  const [strokes] = useState(() => new WeakMap<readonly PendingConnection[], Path2D>());
  useLayoutEffect(() => {
    if (ref.current && width > 0 && height > 0) paintPending(ref.current, parts, transform, { width, height }, strokes);
  }, [parts, transform, width, height, strokes]);
  return <canvas ref={ref} className="pending-steps" aria-hidden="true" style={{ width, height }} />;
}

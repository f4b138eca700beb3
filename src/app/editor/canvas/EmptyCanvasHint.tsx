import { Panel } from '@xyflow/react';
import { useEditorStore } from '../store';

/** A canvas with nothing after Start (a blank start) says how to add the first step. */
export function EmptyCanvasHint() {
  const empty = useEditorStore((s) => s.nodes.length <= 1 && s.edges.length === 0 && !s.readOnly);
  if (!empty) return null;
  return (
    <Panel position="top-center" className="empty-canvas-hint" role="note">
      <strong>Add the first step.</strong> Pick one in the step list (the + on the left) and drop it under Start, or drag from Start’s
      handle to an empty spot.
    </Panel>
  );
}

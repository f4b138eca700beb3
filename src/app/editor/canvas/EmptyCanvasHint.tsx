import { Panel } from '@xyflow/react';
import type { MouseEvent } from 'react';
import { nodeOutputs, startStep } from '../../../domain';
import { belowOutput } from '../../../domain/paths/route';
import { editorStore, stepSize, useEditorStore } from '../store';
import { useCanvasUi } from './canvas-ui';

/** Opens the step menu under the button; the chosen step goes below Start, connected from it. */
function openFirstStepMenu(e: MouseEvent<HTMLButtonElement>): void {
  const start = startStep(editorStore.getState().nodes);
  if (!start) return;
  const size = stepSize(start);
  const button = e.currentTarget.getBoundingClientRect();
  useCanvasUi.getState().openInsertMenu({
    kind: 'drop',
    source: start.id,
    sourceHandle: nodeOutputs(start.type)[0]?.id ?? null,
    at: belowOutput({ id: start.id, ...start.position, ...size }, start.type, null),
    x: button.left + button.width / 2,
    y: button.bottom + 8,
  });
}

/** A canvas with nothing after Start (a blank start) offers its first step (n8n's "Add first step"). */
export function EmptyCanvasHint() {
  const empty = useEditorStore((s) => s.nodes.length <= 1 && s.edges.length === 0 && !s.readOnly);
  if (!empty) return null;
  return (
    <Panel position="top-center" className="empty-canvas-hint">
      <button type="button" className="btn btn-primary" onClick={openFirstStepMenu}>
        + Add the first step
      </button>
      <p className="muted">It follows Start. You can also drag one from the step list, or from Start’s handle to an empty spot.</p>
    </Panel>
  );
}

import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback } from 'react';
import type { NodeType } from '../../domain';
import { Canvas } from './canvas/Canvas';
import { useMessageTargetBridge, useSenderContext } from './editor-effects';
import { Inspector } from './inspector/Inspector';
import { useEditorShortcuts } from './keyboard/useEditorShortcuts';
import { ProblemsPanel } from './overlays/ProblemsPanel';
import { Palette } from './palette/Palette';
import { ConflictDialog } from './save/ConflictDialog';
import { useDraftAutosave } from './save/useDraftRecovery';
import { editorStore, useEditorStore, useSingleSelectedNodeId, type FlowNode } from './store';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { PowerPanelsSlot } from './toolbar/PowerSlot';

function SidePanel() {
  const nodeId = useSingleSelectedNodeId();
  const selectedCount = useEditorStore((s) => s.selection.nodeIds.length + s.selection.edgeIds.length);
  if (nodeId) return <Inspector key={nodeId} nodeId={nodeId} />;
  // Nothing selected: the canvas gets the room (the shortcuts are in the toolbar's tooltips and the docs).
  if (selectedCount === 0) return null;
  return (
    <section className="inspector inspector-empty" aria-label="Step settings">
      <h2>{selectedCount === 1 ? 'Connection selected' : `${selectedCount} items selected`}</h2>
      <p className="muted">
        {selectedCount === 1
          ? 'Insert a step on it with its + button, or press Delete to remove it.'
          : 'Copy, duplicate or delete them together, or select one step to change its settings.'}
      </p>
      {selectedCount > 1 && (
        <div className="inspector-actions">
          <button type="button" className="btn btn-sm" onClick={() => editorStore.getState().duplicate()}>
            Duplicate
          </button>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => editorStore.getState().deleteSelection()}>
            Delete
          </button>
        </div>
      )}
    </section>
  );
}

function Workspace({ campaignId }: { campaignId: string }) {
  const rf = useReactFlow<FlowNode>();
  useEditorShortcuts();
  useDraftAutosave(campaignId);
  useSenderContext();
  useMessageTargetBridge();

  // A step added off screen is brought into view (same zoom).
  const revealNewest = useCallback(() => {
    const added = editorStore.getState().nodes.at(-1);
    const pane = document.querySelector('.canvas')?.getBoundingClientRect();
    if (!added || !pane) return;
    const topLeft = rf.flowToScreenPosition(added.position);
    const inside = topLeft.x >= pane.left && topLeft.y >= pane.top && topLeft.x + 240 <= pane.right && topLeft.y + 90 <= pane.bottom;
    if (!inside) void rf.setCenter(added.position.x + 120, added.position.y + 45, { zoom: rf.getZoom(), duration: 200 });
  }, [rf]);

  // Click in the palette: below the selected step (wired to its free output), else in the middle of the view.
  const onPick = useCallback(
    (type: NodeType) => {
      const s = editorStore.getState();
      if (s.selection.nodeIds.length === 1) {
        s.addNode(type, null);
        return revealNewest();
      }
      const pane = document.querySelector('.canvas')?.getBoundingClientRect();
      const p = pane ? rf.screenToFlowPosition({ x: pane.left + pane.width / 2, y: pane.top + pane.height / 2 }) : { x: 0, y: 0 };
      s.addNode(type, { x: p.x - 120, y: p.y - 40 });
    },
    [rf, revealNewest],
  );

  return (
    <>
      <EditorToolbar campaignId={campaignId} />
      <div className="editor-body">
        <Palette onPick={onPick} />
        <div className="canvas-column">
          <Canvas />
          <ProblemsPanel />
        </div>
        <SidePanel />
        <PowerPanelsSlot campaignId={campaignId} />
      </div>
      <ConflictDialog />
    </>
  );
}

/** The editor once its campaign is in the store. */
export function EditorLayout({ campaignId }: { campaignId: string }) {
  return (
    <ReactFlowProvider>
      <Workspace campaignId={campaignId} />
    </ReactFlowProvider>
  );
}

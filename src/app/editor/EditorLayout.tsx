import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { stepNames, type NodeType } from '../../domain';
import { Canvas } from './canvas/Canvas';
import { useFormRoom, usePushPanelBelowForm } from './canvas/form-room';
import { useAfterFirstView } from './canvas/first-view';
import { placeClickAdded } from './canvas/placement';
import { StepFinder } from './canvas/StepFinder';
import { revealNode, revealSelection, useKeepSelectionInView, visibleCentre } from './canvas/viewport';
import { useMessageTargetBridge, useSenderContext } from './editor-effects';
import { Inspector } from './inspector/Inspector';
import { LiveChangeBanner } from './live/LiveChangeBanner';
import { useLiveChanges } from './live/useLiveChanges';
import { useEditorShortcuts } from './keyboard/useEditorShortcuts';
import { ProblemsPanel } from './overlays/ProblemsPanel';
import { Palette } from './palette/Palette';
import { ConflictDialog } from './save/ConflictDialog';
import { useDraftAutosave } from './save/useDraftRecovery';
import {
  editorStore,
  runViewCampaignId,
  selectionWords,
  sizedSteps,
  useEditorStore,
  useSingleSelectedNodeId,
  type FlowNode,
} from './store';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { PowerPanelsSlot } from './toolbar/PowerSlot';
import { RunPanel } from '../run/RunPanel';
import { RevisionBanner } from './revision/RevisionBanner';
import { useRunFilter } from '../run/run-view';
import { giveRoomBack, takeRoom } from '../ui/side-room';

function SidePanel() {
  const rf = useReactFlow<FlowNode>();
  const nodeId = useSingleSelectedNodeId();
  const steps = useEditorStore((s) => s.selection.nodeIds.length);
  const connections = useEditorStore((s) => s.selection.edgeIds.length);
  const selectedCount = steps + connections;
  if (nodeId) return <Inspector key={nodeId} nodeId={nodeId} />;
  // Nothing selected: the canvas gets the room (the shortcuts are in the toolbar's tooltips and the docs).
  if (selectedCount === 0) return null;
  return (
    <section className="inspector inspector-empty" aria-label="Step settings">
      <h2>{selectedCount === 1 ? 'Connection selected' : `${selectionWords(steps, connections)} selected`}</h2>
      <p className="muted">
        {selectedCount === 1
          ? 'Insert a step on it with its + button, or press Delete to remove it.'
          : 'Copy, duplicate or delete them together, or select one step to change its settings.'}
      </p>
      {selectedCount > 1 && (
        <div className="inspector-actions">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              editorStore.getState().duplicate();
              requestAnimationFrame(() => revealSelection(rf));
            }}
          >
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

/**
 * A launched campaign (active, paused, completed) opens with its run beside the read-only canvas; on a
 * crowded screen the run takes the room from the other side panels (ui/side-room.ts).
 */
function RunSide({ campaignId }: { campaignId: string }) {
  const runView = useEditorStore(runViewCampaignId) !== null;
  useLayoutEffect(() => {
    if (!runView) return;
    takeRoom('run');
    return () => giveRoomBack('run');
  }, [runView]);
  // The panel (its reads, the forecast, the prospects) comes once the canvas's first view is on screen;
  // its place is kept from the start, so the first view is fitted to the canvas it keeps.
  const drawn = useAfterFirstView();
  if (!runView) return null;
  return drawn ? <RunSideShown campaignId={campaignId} /> : <aside className="run-panel" aria-busy="true" aria-label="Run" />;
}

function RunSideShown({ campaignId }: { campaignId: string }) {
  const rf = useReactFlow<FlowNode>();
  // A step clicked on the run's canvas lists who is there, as a click on its count does.
  const clicked = useSingleSelectedNodeId();
  useEffect(() => {
    if (clicked) useRunFilter.getState().set({ nodeId: clicked, status: null });
  }, [clicked]);
  const nodes = useEditorStore((s) => s.nodes);
  const schedule = useEditorStore((s) => s.campaign?.schedule);
  const campaignName = useEditorStore((s) => s.campaign?.name) ?? 'campaign';
  // A launched graph does not change: its names and types are read once per graph.
  const graph = useMemo(() => {
    const names = stepNames(nodes.map((n) => ({ id: n.id, type: n.type, data: n.data })));
    const types = new Map(nodes.map((n) => [n.id, n.type]));
    return { typeOf: (id: string) => types.get(id), stepName: (id: string) => names.get(id) ?? 'A removed step' };
  }, [nodes]);
  if (!schedule) return null;
  return (
    <RunPanel
      campaignId={campaignId}
      campaignName={campaignName}
      graph={graph}
      schedule={schedule}
      onShowCanvas={() => void rf.fitView({ padding: 0.2 })}
    />
  );
}

function Workspace({ campaignId }: { campaignId: string }) {
  const rf = useReactFlow<FlowNode>();
  useEditorShortcuts();
  useDraftAutosave(campaignId);
  useSenderContext();
  useMessageTargetBridge();
  useLiveChanges(campaignId);
  const runView = useEditorStore(runViewCampaignId) !== null;
  const stageRef = useRef<HTMLDivElement>(null);
  const room = useFormRoom(stageRef);
  const formShown = useEditorStore((s) => s.selection.nodeIds.length + s.selection.edgeIds.length > 0);
  usePushPanelBelowForm(formShown ? room.panelPush : null);
  // Moving the form (onto a side panel or back over the canvas) pans the selected step clear of it again.
  useKeepSelectionInView(room.overPanels);

  // Click in the palette (or Enter in its search): below the selected step, wired to the output a
  // marketer means when that is valid, else in the middle of the visible canvas; never on a step.
  const onPick = useCallback(
    (type: NodeType) => {
      const s = editorStore.getState();
      const placed = placeClickAdded({
        def: s.getDefinition(),
        steps: sizedSteps(s.nodes),
        type,
        anchorId: s.selection.nodeIds.length === 1 ? s.selection.nodeIds[0]! : null,
        visibleCentre: visibleCentre(rf),
        context: s.context,
      });
      s.addNode(type, placed.position, placed.link);
      const added = editorStore.getState().nodes.at(-1);
      if (added) requestAnimationFrame(() => revealNode(rf, added.id));
    },
    [rf],
  );

  return (
    <>
      <EditorToolbar campaignId={campaignId} />
      <RevisionBanner />
      <div className="editor-body">
        {/* The run view adds no step: no palette. */}
        {!runView && <Palette onPick={onPick} />}
        <div className="canvas-column">
          {/* The step form floats over the canvas's right edge (Dify/n8n), or docks on an open side panel's top part when that would leave the canvas less than half the width. */}
          <div ref={stageRef} className={room.overPanels ? 'canvas-stage form-over-panels' : 'canvas-stage'} style={room.style}>
            <Canvas />
            <LiveChangeBanner />
            <SidePanel />
          </div>
          <ProblemsPanel />
        </div>
        <PowerPanelsSlot campaignId={campaignId} />
        <RunSide campaignId={campaignId} />
      </div>
      <StepFinder />
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

import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  useReactFlow,
  useStore,
  useStoreApi,
  type Connection,
  type Edge,
  type NodeChange,
  type ReactFlowState,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { isNodeType, nodeCenter } from '../../../domain';
import { whenIdle } from '../../ui/idle';
import { toast } from '../../ui/toast';
import { useTheme } from '../../ui/theme';
import { FAR_ZOOM, FarContext } from '../nodes/far';
import { nodeTypes } from '../nodes/node-types';
import { STEP_DRAG_TYPE } from '../palette/catalog-search';
import { editorStore, runViewCampaignId, sizedSteps, useEditorStore, type FlowNode } from '../store';
import { useCanvasUi } from './canvas-ui';
import { isRewiring, isValidConnection, refusalReason, setRewiring, verdictFor } from './connect-guard';
import { useRouteUpdates } from './edge-routes';
import { FIRST_VIEW, FIT_VIEW_OPTIONS, isLarge, openingView, useAfterFirstView, ZOOM_LIMITS } from './first-view';
import { withConnectionLabels, withStepRole } from './connection-labels';
import { EmptyCanvasHint } from './EmptyCanvasHint';
import { InsertMenu } from './InsertMenu';
import { placeDropped } from './placement';
import { routeNodeChanges } from './live-drag';
import { PendingStepsLayer } from './PendingStepsLayer';
import { RunOverlayContext } from './run-overlay';
import { useProgressiveNodes } from './progressive';
import { useRefitWhenResized } from './refit';
import { OverviewMap } from './OverviewMap';
import { edgeTypes } from './WorkflowEdge';

const SNAP: [number, number] = [16, 16];
/** React Flow's own labels in users' words (the minimap and controls are part of the page's accessible tree). */
const ARIA_LABELS = {
  'controls.ariaLabel': 'Zoom controls',
  'controls.fitView.ariaLabel': 'Fit the whole campaign in view',
  'minimap.ariaLabel': 'Overview map of the campaign',
  'node.a11yDescription.default': 'Press Enter or Space to select this step. Arrow keys move a selected step. Delete removes it.',
  'node.a11yDescription.keyboardDisabled': 'Press Enter or Space to select this step.',
  'node.a11yDescription.ariaLiveMessage': ({ direction }: { direction: string }) => `Moved the selected step ${direction}.`,
  'edge.a11yDescription.default': 'Press Enter or Space to select this connection. Delete removes it.',
};
// Props handed to React Flow are module constants: a fresh object per render would make every edge
// (defaultEdgeOptions) or key listener (key codes) update on every drag frame.
// Shift+click adds a step to the selection (Figma); Shift+drag on the empty canvas draws a selection box.
const MULTI_SELECT_KEYS = ['Meta', 'Control', 'Shift'];
const onEdgeMouseEnter = (_: unknown, edge: { id: string }) => useCanvasUi.getState().setHoveredEdge(edge.id);
const onEdgeMouseLeave = () => useCanvasUi.getState().setHoveredEdge(null);
const onPaneClick = () => useCanvasUi.getState().openInsertMenu(null);

// Re-wiring (spec 2.4: one connection per output): dragging a connection's end to another step moves
// it as one undo step; an end dropped on nothing leaves the connection as it was.
const onReconnectStart = (_: unknown, edge: Edge) => setRewiring(edge.id);
const onReconnectEnd = () => setRewiring(null);
const onReconnect = (old: Edge, c: Connection) => {
  if (old.source === c.source && old.target === c.target && (old.sourceHandle ?? null) === (c.sourceHandle ?? null)) return;
  const verdict = verdictFor(c.source, c.sourceHandle, c.target, old.id);
  if (verdict.ok) editorStore.getState().reconnect(old.id, c.source, c.sourceHandle, c.target);
  else toast.error(`Can’t re-wire: ${verdict.reason}`);
};

const isFar = (s: ReactFlowState) => s.transform[2] < FAR_ZOOM;

/** While a press that began on the canvas lasts (a drag of steps, a selection box, a pan), no page text gets highlighted. */
function holdTextSelection(e: PointerEvent): void {
  if (!(e.target instanceof Element) || !e.target.closest('.react-flow')) return;
  document.body.classList.add('canvas-pressed');
  const release = () => {
    document.body.classList.remove('canvas-pressed');
    window.removeEventListener('pointerup', release, true);
    window.removeEventListener('pointercancel', release, true);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Centres a step or connection when the problems panel (or a power feature) asks; a request naming neither fits the whole campaign. */
function useFocusRequests() {
  const rf = useReactFlow<FlowNode>();
  const request = useEditorStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request) return;
    if (request.nodeId) void rf.fitView({ nodes: [{ id: request.nodeId }], duration: 300, maxZoom: 1.1, padding: 0.6 });
    else if (!request.edgeId) void rf.fitView({ ...FIT_VIEW_OPTIONS, duration: 300 });
    else {
      const edge = editorStore.getState().edges.find((e) => e.id === request.edgeId);
      const a = edge && rf.getInternalNode(edge.source);
      const b = edge && rf.getInternalNode(edge.target);
      if (a && b)
        void rf.setCenter(
          (nodeCenter(a.internals.positionAbsolute).x + nodeCenter(b.internals.positionAbsolute).x) / 2,
          (nodeCenter(a.internals.positionAbsolute).y + nodeCenter(b.internals.positionAbsolute).y) / 2,
          { zoom: 1, duration: 300 },
        );
    }
  }, [request, rf]);
}

/** The id of the connection or step under a screen point (dropping a step on a connection, a connection on a step). */
function elementAt(x: number, y: number, what: 'edge' | 'node'): string | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const found = el.closest(`.react-flow__${what}[data-id]`);
    if (found) return found.getAttribute('data-id');
  }
  return null;
}

export function Canvas() {
  const nodes = useEditorStore((s) => s.nodes);
  const edges = useEditorStore((s) => s.edges);
  const readOnly = useEditorStore((s) => s.readOnly);
  const onEdgesChange = useEditorStore((s) => s.onEdgesChange);
  const theme = useTheme((s) => s.theme);
  const far = useStore(isFar);
  const rf = useReactFlow<FlowNode>();
  const flow = useStoreApi<FlowNode>();
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => routeNodeChanges(changes, flow), [flow]);
  const [large] = useState(() => isLarge(editorStore.getState().nodes));
  // The opening view is decided before anything is drawn (first-view.ts `openingView`): the pane is
  // measured first (no paint between), so a large campaign's steps are drawn once, at their zoom.
  const paneRef = useRef<HTMLDivElement>(null);
  const [firstView, setFirstView] = useState<Viewport | 'fit' | null>(null);
  useLayoutEffect(() => {
    const pane = paneRef.current?.getBoundingClientRect();
    if (pane) setFirstView(openingView(editorStore.getState().nodes, pane));
  }, []);
  // A run view's counts come once its first view is on screen: the canvas paints as fast as the editor's.
  const drawn = useAfterFirstView();
  const runCampaignId = useEditorStore(runViewCampaignId);
  const runOverlay = drawn ? runCampaignId : null;
  // The overview map of a large campaign (another 500 drawn steps) comes once the first view is on screen.
  const [overview, setOverview] = useState(!large);
  useEffect(() => {
    if (!overview) return whenIdle(() => setOverview(true));
  }, [overview]);
  // A large campaign's steps are handed to React Flow in idle-time batches, those around Start first;
  // zoomed out, the ones still waiting are drawn by the pending layer, so the whole graph shows at once.
  const shown = useProgressiveNodes(nodes, large, FIRST_VIEW);
  const labelledEdges = useMemo(() => withConnectionLabels(edges, nodes), [edges, nodes]);
  const shownSteps = useMemo(() => withStepRole(shown), [shown]);
  const attached = useMemo(() => (shown.length < nodes.length ? new Set(shown.map((n) => n.id)) : null), [shown, nodes.length]);
  useFocusRequests();
  useRouteUpdates();
  useRefitWhenResized();
  useEffect(() => {
    const pane = paneRef.current;
    pane?.addEventListener('pointerdown', holdTextSelection, true);
    return () => pane?.removeEventListener('pointerdown', holdTextSelection, true);
  }, []);

  const onConnect = useCallback((c: Connection) => {
    const verdict = verdictFor(c.source, c.sourceHandle, c.target);
    if (verdict.ok) editorStore.getState().connect(c.source, c.sourceHandle, c.target);
    else toast.error(verdict.reason);
  }, []);

  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: Parameters<typeof refusalReason>[0]) => {
      // A re-wired end says its own refusal (onReconnect); dropped on nothing, it stays where it was.
      if (isRewiring()) return;
      const reason = refusalReason(state);
      if (reason) return toast.error(`Can’t connect: ${reason}`);
      if (state.toNode || !state.fromNode || state.fromHandle?.type !== 'source' || editorStore.getState().readOnly) return;
      const point = 'changedTouches' in event ? event.changedTouches[0]! : event;
      // Dropped on a step's body, not only its small input: it connects there, as the guard allows.
      const step = elementAt(point.clientX, point.clientY, 'node');
      if (step && step !== state.fromNode.id) {
        const verdict = verdictFor(state.fromNode.id, state.fromHandle.id, step);
        if (!verdict.ok) return toast.error(`Can’t connect: ${verdict.reason}`);
        return editorStore.getState().connect(state.fromNode.id, state.fromHandle.id ?? null, step);
      }
      // Dropped on empty canvas from an output: the step menu opens there (n8n/Dify habit).
      const onPane = event.target instanceof Element && event.target.classList.contains('react-flow__pane');
      if (!onPane) return;
      useCanvasUi.getState().openInsertMenu({
        kind: 'drop',
        source: state.fromNode.id,
        sourceHandle: state.fromHandle.id ?? null,
        at: rf.screenToFlowPosition({ x: point.clientX, y: point.clientY }),
        x: point.clientX,
        y: point.clientY + 8,
      });
    },
    [rf],
  );

  const onDragOver = useCallback((e: DragEvent) => {
    if (!e.dataTransfer.types.includes(STEP_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  }, []);

  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = e.dataTransfer.getData(STEP_DRAG_TYPE);
      if (!isNodeType(type) || editorStore.getState().readOnly) return;
      e.preventDefault();
      const edgeId = elementAt(e.clientX, e.clientY, 'edge');
      if (edgeId) return editorStore.getState().insertOnEdge(edgeId, type);
      const p = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      editorStore.getState().addNode(type, placeDropped(sizedSteps(editorStore.getState().nodes), type, p, 'body'));
    },
    [rf],
  );

  return (
    <div ref={paneRef} className={far ? 'canvas is-far' : 'canvas'} onDragOver={onDragOver} onDrop={onDrop}>
      {firstView && (
        <FarContext.Provider value={far}>
          <RunOverlayContext.Provider value={runOverlay}>
            <ReactFlow<FlowNode>
              nodes={shownSteps}
              edges={labelledEdges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onConnectEnd={onConnectEnd}
              isValidConnection={isValidConnection}
              onEdgeMouseEnter={onEdgeMouseEnter}
              onEdgeMouseLeave={onEdgeMouseLeave}
              onPaneClick={onPaneClick}
              nodesDraggable={!readOnly}
              nodesConnectable={!readOnly}
              edgesReconnectable={!readOnly}
              onReconnectStart={onReconnectStart}
              onReconnect={onReconnect}
              onReconnectEnd={onReconnectEnd}
              deleteKeyCode={null}
              multiSelectionKeyCode={MULTI_SELECT_KEYS}
              selectionKeyCode="Shift"
              snapToGrid
              snapGrid={SNAP}
              fitView={firstView === 'fit'}
              fitViewOptions={FIT_VIEW_OPTIONS}
              defaultViewport={firstView === 'fit' ? undefined : firstView}
              minZoom={ZOOM_LIMITS.minZoom}
              maxZoom={ZOOM_LIMITS.maxZoom}
              onlyRenderVisibleElements={large || isLarge(nodes)}
              colorMode={theme}
              ariaLabelConfig={ARIA_LABELS}
            >
              <Background variant={BackgroundVariant.Dots} gap={SNAP[0]} size={1} />
              {attached && far && <PendingStepsLayer attached={attached} />}
              {overview && <OverviewMap />}
              <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} />
              <EmptyCanvasHint />
            </ReactFlow>
          </RunOverlayContext.Provider>
        </FarContext.Provider>
      )}
      <InsertMenu />
    </div>
  );
}

import { useReactFlow, type ReactFlowInstance } from '@xyflow/react';
import { useEffect } from 'react';
import type { Point } from '../../../domain';
import { PHONE_QUERY } from '../../ui/screen';
import { editorStore, stepSize, useSingleSelectedNodeId, type FlowNode } from '../store';

/** The floating panels over the canvas's right edge or, on a phone, its bottom (the step form, the selection panel). */
const FLOATING_PANEL = '.canvas-stage .inspector';
/** Room kept between a revealed step and the panel or the canvas edge. */
const MARGIN = 24;

/** The part of the canvas not covered by a floating panel, in screen pixels (null before the canvas is on screen). */
export function visibleCanvasRect(): { left: number; top: number; right: number; bottom: number } | null {
  const pane = document.querySelector('.canvas')?.getBoundingClientRect();
  if (!pane) return null;
  const panel = document.querySelector(FLOATING_PANEL)?.getBoundingClientRect();
  if (!panel || panel.width === 0) return { left: pane.left, top: pane.top, right: pane.right, bottom: pane.bottom };
  // On a phone the form is a sheet across the bottom: the steps stay above it.
  if (window.matchMedia(PHONE_QUERY).matches && panel.top > pane.top)
    return { left: pane.left, top: pane.top, right: pane.right, bottom: Math.min(panel.top, pane.bottom) };
  const right = panel.left > pane.left ? Math.min(panel.left, pane.right) : pane.right;
  return { left: pane.left, top: pane.top, right, bottom: pane.bottom };
}

/** The visible centre of the canvas, in flow coordinates. */
export function visibleCentre(rf: ReactFlowInstance<FlowNode>): Point {
  const r = visibleCanvasRect();
  return r ? rf.screenToFlowPosition({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 }) : { x: 0, y: 0 };
}

/** Pans (same zoom) so the steps are fully in the uncovered part of the canvas (their top-left first when they do not fit); does nothing when they already are. */
export function revealNode(rf: ReactFlowInstance<FlowNode>, ...nodeIds: string[]): void {
  const ids = new Set(nodeIds);
  const nodes = editorStore.getState().nodes.filter((n) => ids.has(n.id));
  const r = visibleCanvasRect();
  if (nodes.length === 0 || !r) return;
  const zoom = rf.getZoom();
  const a = rf.flowToScreenPosition({ x: Math.min(...nodes.map((n) => n.position.x)), y: Math.min(...nodes.map((n) => n.position.y)) });
  const far = rf.flowToScreenPosition({
    x: Math.max(...nodes.map((n) => n.position.x + stepSize(n).width)),
    y: Math.max(...nodes.map((n) => n.position.y + stepSize(n).height)),
  });
  const b = { x: Math.max(far.x, a.x), y: Math.max(far.y, a.y) };
  let dx = 0;
  let dy = 0;
  if (b.x > r.right - MARGIN) dx = r.right - MARGIN - b.x;
  if (a.x + dx < r.left + MARGIN) dx = r.left + MARGIN - a.x;
  if (b.y > r.bottom - MARGIN) dy = r.bottom - MARGIN - b.y;
  if (a.y + dy < r.top + MARGIN) dy = r.top + MARGIN - a.y;
  if (!dx && !dy) return;
  const { x, y } = rf.getViewport();
  void rf.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: 200 });
}

/** Brings the selected steps into view (after a paste or a duplicate, which selects the new steps). */
export const revealSelection = (rf: ReactFlowInstance<FlowNode>): void => revealNode(rf, ...editorStore.getState().selection.nodeIds);

/** The selected step never stays under the step form: once the form is open, the canvas pans it into view. */
export function useKeepSelectionInView(formOverPanels: boolean): void {
  const rf = useReactFlow<FlowNode>();
  const nodeId = useSingleSelectedNodeId();
  useEffect(() => {
    if (!nodeId) return;
    // After the form has rendered (its width is what covers the canvas).
    const frame = requestAnimationFrame(() => revealNode(rf, nodeId));
    return () => cancelAnimationFrame(frame);
  }, [nodeId, rf, formOverPanels]);
}

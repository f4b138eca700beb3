import { getInternalNodesBounds, getViewportForBounds, type Rect, type Viewport } from '@xyflow/system';
import { useStoreApi, type ReactFlowState } from '@xyflow/react';
import { useEffect } from 'react';
import { editorStore, type FlowNode } from '../store';
import { FIT_VIEW_OPTIONS, startViewport, ZOOM_LIMITS } from './first-view';

type Pane = { width: number; height: number };

/** The whole campaign fitted in a pane of this size, as the fit button and the first view fit it. */
export const wholeFit = (bounds: Rect, pane: Pane): Viewport =>
  getViewportForBounds(bounds, pane.width, pane.height, ZOOM_LIMITS.minZoom, FIT_VIEW_OPTIONS.maxZoom, FIT_VIEW_OPTIONS.padding);

/** Two views are the same to the pixel. */
export const sameView = (a: Viewport, b: Viewport): boolean =>
  Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.zoom - b.zoom) < 1e-3;

/**
 * The view the canvas set itself that `viewport` still is in a pane of the size `before` (the whole
 * campaign fitted, or Start at the top centre — of whatever width the first view was computed for),
 * put again for the pane's new size; null when someone moved it.
 */
export function viewForNewSize(
  viewport: Viewport,
  views: { fit: (pane: Pane) => Viewport; start: (pane: Pane) => Viewport },
  before: Pane,
  after: Pane,
): Viewport | null {
  if (before.width > 0 && before.height > 0 && sameView(viewport, views.fit(before))) return views.fit(after);
  const start = views.start(after);
  if (sameView(viewport, { ...start, x: viewport.x })) return start;
  return null;
}

const paneOf = (s: ReactFlowState): Pane => ({ width: s.width, height: s.height });

/**
 * While the canvas shows a view it set itself (the first view, F, the fit button — nothing moved it
 * since), a canvas that changes size — a side panel opening or closing beside it, the window — sets
 * that view again for its new size, so no step is left out of view or under the overview map. A view
 * the user moved stays where it is.
 */
export function useRefitWhenResized(): void {
  const flow = useStoreApi<FlowNode>();
  useEffect(() => {
    // The pane size the view was last checked for; the first check (from no size) also catches a first
    // view computed before the side panels settled (the pane was measured narrower then).
    let checked: Pane = { width: 0, height: 0 };
    const check = (state: ReactFlowState) => {
      if (state.nodeLookup.size === 0 || !state.panZoom || state.width === 0 || state.height === 0) return;
      if (state.width === checked.width && state.height === checked.height) return;
      const before = checked;
      checked = paneOf(state);
      const bounds = getInternalNodesBounds(state.nodeLookup);
      const nodes = editorStore.getState().nodes;
      const [x, y, zoom] = state.transform;
      const now = { x, y, zoom };
      const next = viewForNewSize(now, { fit: (p) => wholeFit(bounds, p), start: (p) => startViewport(nodes, p) }, before, checked);
      // A frame later: React Flow's own first view is set in the frame the pane is first measured.
      if (next && !sameView(next, now)) requestAnimationFrame(() => void flow.getState().panZoom?.setViewport(next));
    };
    check(flow.getState());
    return flow.subscribe(check);
  }, [flow]);
}

import { getNodesBounds, getViewportForBounds, type Viewport } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { nodeCenter, startStep } from '../../../domain';
import { whenIdle } from '../../ui/idle';
import { stepSize, type FlowNode } from '../store';
import { LARGE_GRAPH } from './progressive';

/** The overview map's size on the canvas (bottom right). */
export const MINIMAP_SIZE = { width: 168, height: 112 };
/** From the canvas's bottom edge to the map's top: the map's own margin (editor.css) and React Flow's panel margin. */
const MINIMAP_CLEARANCE = MINIMAP_SIZE.height + 22 + 15 + 8;

/**
 * How the whole campaign is fitted in view (the fit button, F, and a large campaign opened with
 * `?view=fit`): the bottom keeps the overview map's height free, so no step sits under the map or
 * the zoom buttons.
 */
export const FIT_VIEW_OPTIONS = { padding: { x: 0.2, top: 0.2, bottom: `${MINIMAP_CLEARANCE}px` as const }, maxZoom: 1.1 };
// Low enough that "fit the whole campaign" fits one of 96 chained steps at 1024×768 (drawn far, as boxes).
export const ZOOM_LIMITS = { minZoom: 0.02, maxZoom: 2 };

/**
 * The first view of a large campaign: its Start step at the top, centred, at a legible zoom. A
 * campaign of hundreds of steps is unreadable at fit-all zoom; F or the fit button shows everything,
 * and a link with `?view=fit` opens on everything. A smaller campaign opens fitted, unless fitting
 * it would draw its text too small to read (a tall one): then it opens like a large one.
 */
export const FIRST_VIEW = { zoom: 0.8, top: 48 };

export const isLarge = (nodes: readonly FlowNode[]) => nodes.length > LARGE_GRAPH;

/**
 * How the campaign opens: a viewport computed before anything is drawn (from the steps' positions
 * and nominal sizes), or 'fit' for React Flow to fit the measured steps. A large campaign's steps
 * are then rendered once, at the zoom they are shown at, instead of being drawn, measured and then
 * fitted (which draws every step twice, the first time in detail).
 */
export function openingView(nodes: readonly FlowNode[], pane: { width: number; height: number }): Viewport | 'fit' {
  const fitAsked = new URLSearchParams(window.location.search).get('view') === 'fit';
  if (isLarge(nodes)) return fitAsked ? fittedViewport(nodes, pane) : startViewport(nodes, pane);
  if (fitAsked || nodes.length === 0 || pane.width === 0 || pane.height === 0) return 'fit';
  return fittedViewport(nodes, pane).zoom < FIRST_VIEW.zoom ? startViewport(nodes, pane) : 'fit';
}

/** Start at the top, centred, at a legible zoom (the first view of a large or tall campaign). */
export function startViewport(nodes: readonly FlowNode[], pane: { width: number }): Viewport {
  const start = startStep(nodes) ?? nodes[0];
  const p = start?.position ?? { x: 0, y: 0 };
  const zoom = FIRST_VIEW.zoom;
  return { x: pane.width / 2 - nodeCenter(p).x * zoom, y: FIRST_VIEW.top - p.y * zoom, zoom };
}

function fittedViewport(nodes: readonly FlowNode[], pane: { width: number; height: number }): Viewport {
  const bounds = getNodesBounds(nodes.map((n) => ({ ...n, measured: stepSize(n) })));
  return getViewportForBounds(bounds, pane.width, pane.height, ZOOM_LIMITS.minZoom, FIT_VIEW_OPTIONS.maxZoom, FIT_VIEW_OPTIONS.padding);
}

/**
 * Runs `task` once the page's first view is on screen — two frames (the first view drawn), then idle
 * time — for work that must not delay it (routing, a run's counts); returns how to cancel it.
 */
export function afterFirstView(task: () => void): () => void {
  let cancel = () => {};
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => (cancel = whenIdle(task)));
  });
  return () => {
    cancelAnimationFrame(frame);
    cancel();
  };
}

/** False until the first view of the component's mount is on screen (afterFirstView), then true. */
export function useAfterFirstView(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterFirstView(() => setDrawn(true)), []);
  return drawn;
}

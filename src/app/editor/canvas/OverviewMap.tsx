import { MiniMap, useReactFlow, useStore, useStoreApi, type Node, type ReactFlowState } from '@xyflow/react';
import { useCallback, useEffect, useState } from 'react';
import { categoryColor } from '../nodes/presentation';
import type { FlowNode } from '../store';
import { MINIMAP_SIZE } from './first-view';

/** A canvas narrower than this shows no overview map: the map would cover much of what little shows. */
export const MIN_WIDTH_FOR_MAP = MINIMAP_SIZE.width * 3;
/** How long the view stays still before the map looks whether a step is under it. */
const AT_REST_MS = 150;

const roomForMap = (s: ReactFlowState) => s.width === 0 || s.width >= MIN_WIDTH_FOR_MAP;
const miniMapColor = (n: Node) => categoryColor(n.type);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether a step, as drawn in the pane at `pane`'s screen position, lies under the map's box. */
export function stepUnderMap(
  state: Pick<ReactFlowState, 'nodeLookup' | 'transform'>,
  pane: { left: number; top: number },
  map: Box,
): boolean {
  const [tx, ty, zoom] = state.transform;
  for (const node of state.nodeLookup.values()) {
    if (node.hidden) continue;
    const { x, y } = node.internals.positionAbsolute;
    const left = pane.left + tx + x * zoom;
    const top = pane.top + ty + y * zoom;
    const box = { left, top, right: left + (node.measured.width ?? 0) * zoom, bottom: top + (node.measured.height ?? 0) * zoom };
    if (overlaps(box, map)) return true;
  }
  return false;
}

/** True while, the view at rest, a step lies under the map (it then steps aside: the map never covers a step). */
function useStepUnderMap(): boolean {
  const flow = useStoreApi<FlowNode>();
  const [under, setUnder] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const state = flow.getState();
      const map = state.domNode?.querySelector('.react-flow__minimap')?.getBoundingClientRect();
      const pane = state.domNode?.getBoundingClientRect();
      setUnder(map && pane ? stepUnderMap(state, pane, map) : false);
    };
    const unsubscribe = flow.subscribe((state, before) => {
      if (state.transform === before.transform && state.nodeLookup === before.nodeLookup && state.width === before.width) return;
      clearTimeout(timer);
      timer = setTimeout(look, AT_REST_MS);
    });
    timer = setTimeout(look, AT_REST_MS);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [flow]);
  return under;
}

/**
 * The overview map, bottom right: a click moves the view there. It never covers a step: it is left
 * out on a canvas too narrow for it, and stands aside (hidden, its place kept) while the view at rest
 * has a step under it.
 */
export function OverviewMap() {
  const rf = useReactFlow<FlowNode>();
  const roomy = useStore(roomForMap);
  const under = useStepUnderMap();
  const onClick = useCallback(
    (_: unknown, at: { x: number; y: number }) => void rf.setCenter(at.x, at.y, { zoom: rf.getZoom(), duration: 250 }),
    [rf],
  );
  if (!roomy) return null;
  return (
    <MiniMap
      pannable
      zoomable
      className={under ? 'is-over-a-step' : undefined}
      onClick={onClick}
      nodeColor={miniMapColor}
      nodeStrokeWidth={0}
      ariaLabel="Overview map of the campaign"
      style={MINIMAP_SIZE}
    />
  );
}

import { useEffect, useMemo, useState } from 'react';
import { NODE_WIDTH, nodeCenter, startStep } from '../../../domain';
import { whenIdle } from '../../ui/idle';
import type { FlowNode } from '../store';

/**
 * Above this many steps a campaign is large: the canvas draws only what is on screen and opens on
 * Start, and connections are routed in a worker; small ones draw everything and route at once
 * (steadier e2e and screenshots).
 */
export const LARGE_GRAPH = 150;

/** Steps handed to React Flow per idle slice while a large campaign is still being attached. */
const BATCH = 120;

/**
 * React Flow mounts every node once before it can cull off-screen ones (it must measure their
 * handles), which makes a 500-step campaign slow to show. For large campaigns the canvas first gets
 * only the steps around Start, then the rest in idle-time batches; small campaigns are handed over
 * whole. Once everything is attached the store's array is passed through unchanged. (A first view
 * of the whole graph is whole at once all the same: PendingStepsLayer draws the steps still waiting.)
 */
export function useProgressiveNodes(nodes: FlowNode[], large: boolean, firstView: { zoom: number }): FlowNode[] {
  const [first] = useState(() => (large ? firstViewIds(nodes, firstView.zoom) : null));
  const [limit, setLimit] = useState(large ? 0 : Infinity);
  const total = nodes.length;
  useEffect(() => {
    if (limit < total) return whenIdle(() => setLimit((n) => n + BATCH));
  }, [limit, total]);
  return useMemo(() => {
    if (!first || limit >= nodes.length) return nodes;
    return nodes.filter((n, i) => i < limit || first.has(n.id) || n.selected);
  }, [nodes, first, limit]);
}

/** Ids of the steps within one window-sized view below Start at the first-view zoom (generous on purpose): the first batch. */
function firstViewIds(nodes: readonly FlowNode[], zoom: number): Set<string> {
  const start = startStep(nodes) ?? nodes[0];
  if (!start) return new Set();
  const halfWidth = window.innerWidth / zoom / 2;
  const height = window.innerHeight / zoom;
  const cx = nodeCenter(start.position).x;
  return new Set(
    nodes
      .filter(
        (n) =>
          Math.abs(nodeCenter(n.position).x - cx) <= halfWidth + NODE_WIDTH &&
          n.position.y >= start.position.y - 200 &&
          n.position.y <= start.position.y + height,
      )
      .map((n) => n.id),
  );
}

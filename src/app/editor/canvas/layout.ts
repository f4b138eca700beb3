import type { FlowEdge, FlowNode } from '../store';

const DEFAULT_SIZE = { width: 240, height: 88 };

/**
 * Layered top-to-bottom layout with elkjs, loaded on first use only (not in the initial bundle:
 * it is large and most sessions never lay out).
 */
export async function layoutPositions(
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
): Promise<Map<string, { x: number; y: number }>> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const ids = new Set(nodes.map((n) => n.id));
  const graph = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '80',
      'elk.spacing.nodeNode': '48',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: nodes.map((n) => ({
      id: n.id,
      width: n.measured?.width ?? DEFAULT_SIZE.width,
      height: n.measured?.height ?? DEFAULT_SIZE.height,
    })),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)).map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  const result = await elk.layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  for (const child of result.children ?? []) positions.set(child.id, { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) });
  return positions;
}

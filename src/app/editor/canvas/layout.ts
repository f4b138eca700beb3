import { branchHandles, nodeDefinition, nominalSize, outputOffsetX, type Point, type Size } from '../../../domain';

/** What the layout needs of a step: its type (for its outputs and nominal size) and its measured size if any. */
export interface LayoutNode {
  id: string;
  type?: string;
  measured?: { width?: number; height?: number };
}
export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
}

const sizeOf = (n: LayoutNode): Size => {
  const nominal = nominalSize(n.type);
  return { width: n.measured?.width ?? nominal.width, height: n.measured?.height ?? nominal.height };
};
/** Output handle names in catalog order (the single unnamed output is ''). */
const outputsOf = (type: string | undefined): string[] => {
  const kind = nodeDefinition(type)?.outputs.kind;
  return kind === 'branch' ? [...branchHandles(type)] : kind === 'single' ? [''] : [];
};
const portId = (node: string, handle: string | null | undefined) => `${node}::${handle ?? ''}`;

/**
 * Layered top-to-bottom layout with elkjs, loaded on first use only (not in the initial bundle:
 * it is large and most sessions never lay out). Outputs are ELK ports in the node view's order, so
 * branches keep their left-to-right order and the connections (routed by domain/paths/route.ts)
 * never need to pass behind a step.
 */
export async function layoutPositions(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Promise<Map<string, Point>> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const ids = new Set(nodes.map((n) => n.id));
  const graph = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '80',
      'elk.layered.spacing.edgeNodeBetweenLayers': '24',
      'elk.spacing.nodeNode': '48',
      'elk.spacing.edgeNode': '24',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: nodes.map((n) => {
      const size = sizeOf(n);
      const outputs = outputsOf(n.type);
      return {
        id: n.id,
        ...size,
        layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
        ports: [
          { id: portId(n.id, 'in'), x: size.width / 2, y: 0, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'NORTH' } },
          ...outputs.map((h, i) => ({
            id: portId(n.id, `out:${h}`),
            x: outputOffsetX(i, outputs.length, size.width),
            y: size.height,
            width: 1,
            height: 1,
            layoutOptions: { 'elk.port.side': 'SOUTH' },
          })),
        ],
      };
    }),
    edges: edges
      .filter((e) => ids.has(e.source) && ids.has(e.target))
      .map((e) => ({ id: e.id, sources: [portId(e.source, `out:${e.sourceHandle ?? ''}`)], targets: [portId(e.target, 'in')] })),
  };
  const result = await elk.layout(graph);
  const positions = new Map<string, Point>();
  for (const child of result.children ?? []) positions.set(child.id, { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) });
  return positions;
}

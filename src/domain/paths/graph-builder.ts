import { CATALOG, type NodeData, type NodeType } from '../catalog';
import type { WorkflowEdge, WorkflowNode } from '../workflow-types';

/** Distance between grid columns and between grid rows, in canvas pixels. */
interface GridSpacing {
  column: number;
  row: number;
}

/**
 * The one way code writes a graph by hand (the template gallery, the demo campaigns): steps placed
 * on a grid with their catalog defaults under the given data, and connections named after their
 * source and output (`e_<source>_<handle>`, `e_<source>_next` for a single output).
 */
export function graphBuilder(spacing: GridSpacing) {
  /** A step at grid cell (column, row): columns spread left/right of 0, rows go down. */
  const step = (id: string, type: NodeType, column: number, row: number, data: NodeData = {}): WorkflowNode => ({
    id,
    type,
    position: { x: column * spacing.column, y: row * spacing.row },
    data: { ...CATALOG[type].defaults(), ...data },
  });
  const link = (source: string, target: string, sourceHandle?: string): WorkflowEdge => {
    const e: WorkflowEdge = { id: `e_${source}_${sourceHandle ?? 'next'}`, source, target };
    if (sourceHandle !== undefined) e.sourceHandle = sourceHandle;
    return e;
  };
  return { step, link };
}

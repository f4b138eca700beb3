import { create } from 'zustand';
import type { Point } from '../../../domain';

/** Where the step menu was opened: on a connection's + (insert there) or at a dropped connection (add there, connected). */
export type StepMenuTarget =
  | { kind: 'edge'; edgeId: string; x: number; y: number }
  | { kind: 'drop'; source: string; sourceHandle: string | null; at: Point; x: number; y: number };

/** Transient canvas UI (not part of the graph or its history). */
interface CanvasUi {
  hoveredEdgeId: string | null;
  /** The step menu, at screen coordinates. */
  insertMenu: StepMenuTarget | null;
  problemsOpen: boolean;
  finderOpen: boolean;
  setHoveredEdge(id: string | null): void;
  openInsertMenu(menu: StepMenuTarget | null): void;
  setProblemsOpen(open: boolean): void;
  setFinderOpen(open: boolean): void;
}

export const useCanvasUi = create<CanvasUi>((set) => ({
  hoveredEdgeId: null,
  insertMenu: null,
  problemsOpen: false,
  finderOpen: false,
  setHoveredEdge: (hoveredEdgeId) => set({ hoveredEdgeId }),
  openInsertMenu: (insertMenu) => set({ insertMenu }),
  setProblemsOpen: (problemsOpen) => set({ problemsOpen }),
  setFinderOpen: (finderOpen) => set({ finderOpen }),
}));

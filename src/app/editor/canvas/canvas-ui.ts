import { create } from 'zustand';

/** Transient canvas UI (not part of the graph or its history). */
interface CanvasUi {
  hoveredEdgeId: string | null;
  /** The "insert a step here" menu opened from an edge's + button, at screen coordinates. */
  insertMenu: { edgeId: string; x: number; y: number } | null;
  problemsOpen: boolean;
  setHoveredEdge(id: string | null): void;
  openInsertMenu(menu: { edgeId: string; x: number; y: number } | null): void;
  setProblemsOpen(open: boolean): void;
}

export const useCanvasUi = create<CanvasUi>((set) => ({
  hoveredEdgeId: null,
  insertMenu: null,
  problemsOpen: false,
  setHoveredEdge: (hoveredEdgeId) => set({ hoveredEdgeId }),
  openInsertMenu: (insertMenu) => set({ insertMenu }),
  setProblemsOpen: (problemsOpen) => set({ problemsOpen }),
}));

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ROOMY_QUERY, useMediaQuery } from '../../ui/screen';

interface PaletteLayout {
  /** The user's choice (true = the narrow rail), or null: automatic (the rail when space is short). */
  collapsed: boolean | null;
  setCollapsed(collapsed: boolean): void;
}

/** Whether the step list shows in full or as its rail, persisted per browser (a habit, like the dock's). */
export const usePaletteLayout = create<PaletteLayout>()(
  persist(
    (set) => ({
      collapsed: null,
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    { name: 'campaign-studio.palette', partialize: ({ collapsed }) => ({ collapsed }) },
  ),
);

/**
 * Whether the step list shows as its rail (a "+" that opens the step menu, n8n's node creator):
 * the user's choice, else the rail below ROOMY_WIDTH, so the canvas keeps room to draw.
 */
export function usePaletteCollapsed(): boolean {
  const choice = usePaletteLayout((s) => s.collapsed);
  const roomy = useMediaQuery(ROOMY_QUERY);
  return choice ?? !roomy;
}

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ROOMY_QUERY, useMediaQuery } from '../../ui/screen';
import { giveRoomBack, takeRoom, useGivesWay } from '../../ui/side-room';

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
      setCollapsed: (collapsed) => {
        if (collapsed) giveRoomBack('steps');
        else takeRoom('steps');
        set({ collapsed });
      },
    }),
    { name: 'campaign-studio.palette', partialize: ({ collapsed }) => ({ collapsed }) },
  ),
);

/**
 * Whether the step list shows as its rail (a "+" that opens the step menu, n8n's node creator):
 * the user's choice, else the rail below ROOMY_WIDTH, so the canvas keeps room to draw; and on a
 * crowded screen while another side panel took the room after it (side-room.ts).
 */
export function usePaletteCollapsed(): boolean {
  const choice = usePaletteLayout((s) => s.collapsed);
  const roomy = useMediaQuery(ROOMY_QUERY);
  return useGivesWay('steps') || (choice ?? !roomy);
}

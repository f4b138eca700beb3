import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { hrefs } from '../boot/paths';
import { ROOMY_QUERY, useMediaQuery } from '../ui/screen';
import { giveRoomBack, givesWayNow, takeRoom, useGivesWay } from '../ui/side-room';

export type DockTab = 'inbox' | 'inspiration' | 'webhooks';

/** The dock's tabs, in order, with the full view each one opens. */
export const DOCK_TABS: readonly { id: DockTab; label: string; icon: string; route: string }[] = [
  { id: 'inbox', label: 'Inbox', icon: '✉', route: hrefs.inbox() },
  { id: 'inspiration', label: 'Inspiration', icon: '✦', route: hrefs.inspiration() },
  { id: 'webhooks', label: 'Webhooks', icon: '⇄', route: hrefs.webhooks() },
];
export const DOCK_MIN_WIDTH = 280;
export const DOCK_DEFAULT_WIDTH = 400;
const DOCK_MAX_WIDTH = 900;

/** Never wider than 70 % of the window, so the canvas keeps room. */
export const clampDockWidth = (w: number): number =>
  Math.round(Math.max(DOCK_MIN_WIDTH, Math.min(w, DOCK_MAX_WIDTH, Math.max(DOCK_MIN_WIDTH, window.innerWidth * 0.7))));

interface DockState {
  /** The user's choice (true/false), or null: automatic (collapsed when the window is narrower than ROOMY_WIDTH (ui/screen.ts)). */
  collapsed: boolean | null;
  width: number;
  tab: DockTab;
  setCollapsed(collapsed: boolean): void;
  setWidth(width: number): void;
  setTab(tab: DockTab): void;
}

/** The dock's layout, persisted per browser (it is a workspace habit, not part of a shared link). */
export const useDock = create<DockState>()(
  persist(
    (set) => ({
      collapsed: null,
      width: DOCK_DEFAULT_WIDTH,
      tab: 'inbox',
      setCollapsed: (collapsed) => {
        if (collapsed) giveRoomBack('dock');
        else takeRoom('dock');
        set({ collapsed });
      },
      setWidth: (width) => set({ width: clampDockWidth(width) }),
      setTab: (tab) => {
        takeRoom('dock');
        set({ tab, collapsed: false });
      },
    }),
    // Version 1: `collapsed` became the user's choice (null = automatic); earlier saved values were defaults, not choices.
    {
      name: 'campaign-studio.dock',
      version: 1,
      migrate: (old) => ({ width: DOCK_DEFAULT_WIDTH, tab: 'inbox' as DockTab, ...(old as object), collapsed: null }),
      partialize: ({ collapsed, width, tab }) => ({ collapsed, width, tab }),
    },
  ),
);

/**
 * Whether the dock shows as its icon rail: the user's choice, else collapsed when space is short; and
 * on a crowded screen while another side panel (a run, History…) took the room after it (side-room.ts).
 */
export function useDockCollapsed(): boolean {
  const collapsed = collapsedBy(
    useDock((s) => s.collapsed),
    useMediaQuery(ROOMY_QUERY),
  );
  return useGivesWay('dock') || collapsed;
}

/** useDockCollapsed, read once outside React (what the dock will show when it first renders). */
export const dockCollapsedNow = (): boolean =>
  givesWayNow('dock') || collapsedBy(useDock.getState().collapsed, window.matchMedia(ROOMY_QUERY).matches);

const collapsedBy = (choice: boolean | null, roomy: boolean): boolean => choice ?? !roomy;

import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type DockTab = 'inbox' | 'inspiration' | 'webhooks';
export const DOCK_MIN_WIDTH = 280;
export const DOCK_DEFAULT_WIDTH = 400;
const DOCK_MAX_WIDTH = 900;

/** Never wider than 70 % of the window, so the canvas keeps room. */
export const clampDockWidth = (w: number): number =>
  Math.round(Math.max(DOCK_MIN_WIDTH, Math.min(w, DOCK_MAX_WIDTH, Math.max(DOCK_MIN_WIDTH, window.innerWidth * 0.7))));

interface DockState {
  collapsed: boolean;
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
      collapsed: false,
      width: DOCK_DEFAULT_WIDTH,
      tab: 'inbox',
      setCollapsed: (collapsed) => set({ collapsed }),
      setWidth: (width) => set({ width: clampDockWidth(width) }),
      setTab: (tab) => set({ tab, collapsed: false }),
    }),
    { name: 'campaign-studio.dock', partialize: ({ collapsed, width, tab }) => ({ collapsed, width, tab }) },
  ),
);

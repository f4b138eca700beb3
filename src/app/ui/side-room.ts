import { create } from 'zustand';
import { CROWDED_QUERY, useMediaQuery } from './screen';

/**
 * The side panels beside the canvas take turns on a crowded screen: at or below CROWDED_WIDTH (screen.ts),
 * opening one (the step list, the dock, History or the simulator, a run) collapses or closes the
 * others, so the canvas keeps at least half the window. The panel that took the room last keeps it;
 * a panel closed gives it back to the one before. Wider screens show every open panel.
 */
export type SidePanel = 'steps' | 'dock' | 'power' | 'run';

/** The open panels that took the room, the latest last. */
const useRoom = create<{ takers: readonly SidePanel[] }>(() => ({ takers: [] }));

/** `panel` opened (by the user, or by showing up): on a crowded screen the others give way to it. */
export function takeRoom(panel: SidePanel): void {
  useRoom.setState((s) => (s.takers.at(-1) === panel ? s : { takers: [...s.takers.filter((p) => p !== panel), panel] }));
}

/** `panel` closed: the room goes back to the panel that had it before. */
export function giveRoomBack(panel: SidePanel): void {
  useRoom.setState((s) => (s.takers.includes(panel) ? { takers: s.takers.filter((p) => p !== panel) } : s));
}

/** Whether another panel took the room on a crowded screen, without a rerender (outside React). */
export const givesWayNow = (panel: SidePanel): boolean =>
  givesWay(panel, useRoom.getState().takers, window.matchMedia(CROWDED_QUERY).matches);

/** Whether `panel` shows as its rail (or closes) now: the screen is crowded and another open panel took the room after it. */
export function useGivesWay(panel: SidePanel): boolean {
  const takers = useRoom((s) => s.takers);
  return givesWay(panel, takers, useMediaQuery(CROWDED_QUERY));
}

const givesWay = (panel: SidePanel, takers: readonly SidePanel[], crowded: boolean): boolean => {
  const latest = takers.at(-1);
  return crowded && latest !== undefined && latest !== panel;
};

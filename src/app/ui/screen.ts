import { useSyncExternalStore } from 'react';

/**
 * Screen-size breakpoints the app's layout decisions share (one place: the CSS media queries that
 * mirror them say so beside them).
 * - Below ROOMY_WIDTH the side panels (the dock, the editor's step list) start as their icon rails,
 *   so the canvas keeps room to draw; the user's own choice, once made, wins.
 * - At or below CROWDED_WIDTH the side panels take turns (side-room.ts): opening one collapses or
 *   closes the others, so the canvas keeps at least half the window.
 * - At or below PHONE_WIDTH the app is laid out for a phone (menu button, one pane at a time, the
 *   editor read-only).
 */
export const ROOMY_WIDTH = 1800;
export const CROWDED_WIDTH = 1280;
export const PHONE_WIDTH = 700;

export const ROOMY_QUERY = `(min-width: ${ROOMY_WIDTH}px)`;
export const CROWDED_QUERY = `(max-width: ${CROWDED_WIDTH}px)`;
export const PHONE_QUERY = `(max-width: ${PHONE_WIDTH}px)`;

/** Whether a media query matches now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

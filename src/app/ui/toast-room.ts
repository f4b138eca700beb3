import { useLayoutEffect, type RefObject } from 'react';

/**
 * The toasts (toast.tsx) keep clear of the panels at the window's edges: while shown, a panel at the
 * bottom (the editor's Problems list) tells the page its height as `--toasts-bottom`, one at the right
 * (the open dock) its width as `--toasts-right`, and `.toaster` (styles.css) stands that far in — never
 * over the list being fixed or the card just used. A panel that leaves no room beside it for a toast
 * (a phone) is not stepped around.
 */
export type ToastEdge = 'bottom' | 'right';

const PROPERTY: Readonly<Record<ToastEdge, string>> = { bottom: '--toasts-bottom', right: '--toasts-right' };
/** The room a toast needs beside the panel (a toast is at least 260 px wide, its margins 16 px). */
const TOAST_ROOM: Readonly<Record<ToastEdge, number>> = { bottom: 120, right: 320 };

/** The offset the toasts take from `edge` for a panel of `size` px in a window of `extent` px along that axis. */
export const toastOffset = (edge: ToastEdge, size: number, extent: number): number =>
  extent - size >= TOAST_ROOM[edge] ? Math.ceil(size) : 0;

/** While `shown`, the toasts stand clear of `panel` at `edge` (its size followed as it changes). */
export function useToastsClearOf(panel: RefObject<HTMLElement | null>, shown: boolean, edge: ToastEdge): void {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const offset =
        edge === 'bottom' ? toastOffset(edge, box.height, window.innerHeight) : toastOffset(edge, box.width, window.innerWidth);
      root.style.setProperty(PROPERTY[edge], `${offset}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(PROPERTY[edge]);
    };
  }, [panel, shown, edge]);
}

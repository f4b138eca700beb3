import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { PHONE_QUERY } from '../../ui/screen';

/** Room kept between the floating step form and the canvas's edges. */
const FORM_MARGIN = 10;
/** The share of a side panel's height the step form takes when it docks on top of the panel. */
const FORM_SHARE_OF_PANEL = 0.5;
/** The attribute on <html> that tells a side panel (History, the simulator, the run, the dock) the form sits on its top part. */
export const FORM_ON_PANEL_ATTRIBUTE = 'data-form-on-panel';
const NO_ROOM_CHANGE: FormRoom = { overPanels: false, style: undefined, panelPush: null };

interface Rect {
  top: number;
  left: number;
  right: number;
  width: number;
}

export interface FormRoom {
  /** The step form docks on top of the side panel's column instead of floating over the canvas. */
  overPanels: boolean;
  /** Where the form goes and how much of the canvas it still covers, as CSS variables. */
  style: CSSProperties | undefined;
  /** How far down the side panel's own content starts (below the form), in px; null when nothing moves. */
  panelPush: number | null;
}

/**
 * Whether the step form, floating over the canvas's right edge, would leave the canvas less than half
 * the window's width (a side panel open): then it docks on the top part of the side panel's column
 * and the panel's content starts below it, like the stacked sections of Figma's right sidebar. The
 * canvas keeps its half, and History's rows and the inspiration cards ("Use in message") stay in reach.
 */
export function formRoom(stage: Rect, panel: Rect | null, windowSize: { width: number; height: number }, formWidth: number): FormRoom {
  if (!panel) return NO_ROOM_CHANGE;
  if (stage.width - formWidth - FORM_MARGIN * 2 >= windowSize.width / 2) return NO_ROOM_CHANGE;
  // Over a panel narrower than the form it reaches into the canvas by the difference.
  const left = Math.min(panel.left, panel.right - formWidth);
  const height = Math.round((windowSize.height - panel.top) * FORM_SHARE_OF_PANEL);
  return {
    overPanels: true,
    style: {
      '--form-top': `${Math.round(panel.top)}px`,
      '--form-left': `${Math.round(left)}px`,
      '--form-width': `${Math.round(panel.right - left)}px`,
      '--form-height': `${height}px`,
      '--form-overlap': `${Math.round(Math.max(0, stage.right - left))}px`,
    } as CSSProperties,
    panelPush: height,
  };
}

/** The open side panel the form would dock on: the open dock (outermost) first, else History or the simulator, else a launched campaign's run. */
function openSidePanel(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('.dock:not(.dock-collapsed)') ??
    document.querySelector<HTMLElement>('aside.power-panel') ??
    document.querySelector<HTMLElement>('aside.run-panel')
  );
}

/** Watches the canvas stage (a panel opening, the dock resized, the window) and answers formRoom's verdict. */
export function useFormRoom(stageRef: RefObject<HTMLElement | null>): FormRoom {
  const [room, setRoom] = useState<FormRoom>(NO_ROOM_CHANGE);
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => {
      // On a phone the form is a sheet at the bottom: nothing to move.
      if (window.matchMedia(PHONE_QUERY).matches) return setRoom(NO_ROOM_CHANGE);
      const formWidth = parseFloat(getComputedStyle(stage).getPropertyValue('--inspector-width')) || 0;
      const panel = openSidePanel()?.getBoundingClientRect() ?? null;
      const next = formRoom(stage.getBoundingClientRect(), panel, { width: window.innerWidth, height: window.innerHeight }, formWidth);
      setRoom((now) => (JSON.stringify(now) === JSON.stringify(next) ? now : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stageRef]);
  return room;
}

/** While the form is on a side panel, the panel's content starts below it (the panels are other features: told through <html>). */
export function usePushPanelBelowForm(push: number | null): void {
  useLayoutEffect(() => {
    if (push === null) return;
    const root = document.documentElement;
    root.setAttribute(FORM_ON_PANEL_ATTRIBUTE, '');
    root.style.setProperty('--form-on-panel-height', `${push}px`);
    return () => {
      root.removeAttribute(FORM_ON_PANEL_ATTRIBUTE);
      root.style.removeProperty('--form-on-panel-height');
    };
  }, [push]);
}

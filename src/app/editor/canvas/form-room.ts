import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { PHONE_QUERY } from '../../ui/screen';

/** Room kept between the floating step form and the window's edges. */
const FORM_MARGIN = 10;
/** The widest window whose step form floats over the side panels (a 1024-px laptop, not 1280 or more). */
export const FLOAT_OVER_PANELS_MAX_WIDTH = 1100;
const NO_ROOM_CHANGE: FormRoom = { overPanels: false, style: undefined };

export interface FormRoom {
  /** The step form floats over the side panels (History, simulator, dock) instead of over the canvas. */
  overPanels: boolean;
  /** Where the form's top goes and how much of the canvas it still covers, as CSS variables. */
  style: CSSProperties | undefined;
}

/**
 * Whether the step form, floating over the canvas's right edge, would leave the canvas less than half
 * the window's width (a side panel open on a narrow screen): then it floats over the side panels
 * instead, the way Figma's one right sidebar shows either a step's properties or the history.
 */
export function formRoom(stage: { top: number; right: number; width: number }, windowWidth: number, formWidth: number): FormRoom {
  // Wider windows keep the form beside History and the dock, both in use with it (a version's row, "Use in message").
  if (windowWidth > FLOAT_OVER_PANELS_MAX_WIDTH) return NO_ROOM_CHANGE;
  if (stage.width - formWidth - FORM_MARGIN * 2 >= windowWidth / 2) return NO_ROOM_CHANGE;
  // Over panels wider than the form it covers them exactly; narrower ones, it reaches into the canvas.
  const left = Math.min(stage.right, windowWidth - FORM_MARGIN - formWidth);
  return {
    overPanels: true,
    style: {
      '--form-top': `${Math.round(stage.top + FORM_MARGIN)}px`,
      '--form-left': `${Math.round(left)}px`,
      '--form-overlap': `${Math.round(stage.right - left)}px`,
    } as CSSProperties,
  };
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
      const next = formRoom(stage.getBoundingClientRect(), window.innerWidth, formWidth);
      setRoom((now) => (now.overPanels === next.overPanels && JSON.stringify(now.style) === JSON.stringify(next.style) ? now : next));
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

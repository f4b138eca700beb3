import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampDockWidth, DOCK_DEFAULT_WIDTH, DOCK_MIN_WIDTH, useDock } from './dock-store';

const STEP = 16;
const BIG_STEP = 64;

/**
 * The dock's left edge: drag to resize (pointer capture, so fast drags never lose it); with focus,
 * ←/→ resize (Shift: bigger steps), Home/End go to min/max, Enter resets. It is a WAI-ARIA window splitter.
 */
export function ResizeHandle({ controls }: { controls: string }) {
  const width = useDock((s) => s.width);
  const setWidth = useDock((s) => s.setWidth);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const max = clampDockWidth(Number.MAX_SAFE_INTEGER);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: width };
    document.body.classList.add('is-resizing-dock');
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // The dock sits on the right: moving the pointer left makes it wider.
    setWidth(drag.current.startWidth + (drag.current.startX - e.clientX));
  };
  const up = () => {
    drag.current = null;
    document.body.classList.remove('is-resizing-dock');
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const next =
      e.key === 'ArrowLeft'
        ? width + step
        : e.key === 'ArrowRight'
          ? width - step
          : e.key === 'Home'
            ? DOCK_MIN_WIDTH
            : e.key === 'End'
              ? max
              : e.key === 'Enter'
                ? DOCK_DEFAULT_WIDTH
                : null;
    if (next === null) return;
    e.preventDefault();
    setWidth(next);
  };

  return (
    // A focusable separator is the WAI-ARIA window splitter (a widget with a value), which jsx-a11y counts as static.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="dock-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize side panel"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={DOCK_MIN_WIDTH}
      aria-valuemax={max}
      aria-valuetext={`${width} pixels wide`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focusable separator is the window-splitter widget
      tabIndex={0}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onDoubleClick={() => setWidth(DOCK_DEFAULT_WIDTH)}
      onKeyDown={key}
      title="Drag to resize (double-click resets)"
    />
  );
}

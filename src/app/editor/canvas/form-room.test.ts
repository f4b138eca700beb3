import { describe, expect, it } from 'vitest';
import { formRoom } from './form-room';

describe('formRoom', () => {
  it('keeps the form over the canvas while the canvas keeps half the window', () => {
    // 1440 px, no side panel: the stage runs from the step list to the window's edge.
    expect(formRoom({ top: 100, right: 1440, width: 1390 }, 1440, 340).overPanels).toBe(false);
  });

  it('keeps the form beside History and the dock on windows wider than a laptop’s 1024 px', () => {
    // 1440 px with the dock open: History's rows and "Use in message" stay in reach.
    expect(formRoom({ top: 100, right: 1000, width: 950 }, 1440, 340).overPanels).toBe(false);
  });

  it('moves the form over the side panels when it would leave the canvas less than half the window', () => {
    // 1024 px with History open: a 700 px stage minus a 290 px form leaves 390 px (< 512).
    const room = formRoom({ top: 130, right: 752, width: 700 }, 1024, 290);
    expect(room.overPanels).toBe(true);
    // 272 px of panel on the right; the 290 px form (10 px from the window's edge) still covers 28 px of the canvas.
    expect(room.style).toEqual({ '--form-top': '140px', '--form-left': '724px', '--form-overlap': '28px' });
  });

  it('covers none of the canvas when the side panels are wider than the form', () => {
    const room = formRoom({ top: 130, right: 600, width: 548 }, 1024, 290);
    expect(room.style).toMatchObject({ '--form-left': '600px', '--form-overlap': '0px' });
  });
});

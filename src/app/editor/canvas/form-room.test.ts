import { describe, expect, it } from 'vitest';
import { formRoom } from './form-room';

const rect = (left: number, right: number, top = 130) => ({ left, right, top, width: right - left });

describe('formRoom', () => {
  it('keeps the form over the canvas when no side panel is open', () => {
    expect(formRoom(rect(50, 980), null, { width: 1024, height: 768 }, 290).overPanels).toBe(false);
  });

  it('keeps the form over the canvas while the canvas keeps half the window', () => {
    // 1920 px with History open: a 1466 px stage minus a 340 px form leaves 1106 px (≥ 960).
    expect(formRoom(rect(50, 1516), rect(1516, 1876), { width: 1920, height: 1080 }, 340).overPanels).toBe(false);
  });

  it('docks the form on the top part of the side panel when it would leave the canvas less than half the window', () => {
    // 1440 px with the dock open (400 px from the top bar down): a 990 px stage minus 340 px leaves 630 px (< 720).
    const room = formRoom(rect(50, 1040), rect(1040, 1440, 52), { width: 1440, height: 900 }, 340);
    expect(room.overPanels).toBe(true);
    expect(room.panelPush).toBe(424);
    expect(room.style).toEqual({
      '--form-top': '52px',
      '--form-left': '1040px',
      '--form-width': '400px',
      '--form-height': '424px',
      '--form-overlap': '0px',
    });
  });

  it('reaches into the canvas only by what a panel narrower than the form lacks', () => {
    // 1024 px, the dock narrowed to 225 px: the 290 px form covers 65 px of the canvas.
    const room = formRoom(rect(50, 799), rect(799, 1024, 52), { width: 1024, height: 768 }, 290);
    expect(room.style).toMatchObject({ '--form-left': '734px', '--form-width': '290px', '--form-overlap': '65px' });
  });
});

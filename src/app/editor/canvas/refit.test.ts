import { describe, expect, it } from 'vitest';
import { sameView, viewForNewSize, wholeFit } from './refit';

const bounds = { x: 0, y: 0, width: 300, height: 900 };
const views = {
  fit: (pane: { width: number; height: number }) => wholeFit(bounds, pane),
  start: (pane: { width: number }) => ({ x: pane.width / 2 - 150 * 0.8, y: 48, zoom: 0.8 }),
};
const wide = { width: 900, height: 600 };
const narrow = { width: 500, height: 600 };

describe('keeping the view the canvas set when it changes size', () => {
  it('fits the campaign again, or puts Start at the top centre again, for the new size', () => {
    expect(viewForNewSize(views.fit(wide), views, wide, narrow)).toEqual(views.fit(narrow));
    expect(viewForNewSize(views.start(wide), views, wide, narrow)).toEqual(views.start(narrow));
    expect(sameView(views.fit(narrow), views.fit(wide))).toBe(false);
  });

  it('centres Start again whatever width the first view was computed for (the canvas measured once the side panels settled)', () => {
    expect(viewForNewSize(views.start({ width: 284 }), views, { width: 0, height: 0 }, narrow)).toEqual(views.start(narrow));
  });

  it('leaves a view someone moved where it is', () => {
    const moved = { ...views.fit(wide), x: views.fit(wide).x + 40 };
    expect(viewForNewSize(moved, views, wide, narrow)).toBeNull();
    expect(viewForNewSize({ ...views.start(wide), zoom: 1 }, views, wide, narrow)).toBeNull();
  });

  it('the fit keeps the overview map’s strip free: the fitted steps end above the map', () => {
    const fit = wholeFit(bounds, wide);
    expect(fit.y + (bounds.y + bounds.height) * fit.zoom).toBeLessThanOrEqual(wide.height - 112);
  });
});

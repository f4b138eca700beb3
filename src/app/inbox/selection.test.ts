import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, toggleAll, toggleRow } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('inbox selection', () => {
  it('a click toggles one row and sets the anchor', () => {
    const one = toggleRow(EMPTY_SELECTION, order, 1, false);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe(1);
    expect(ids(toggleRow(one, order, 1, false))).toEqual([]);
  });

  it('Shift+click selects the range from the anchor, in either direction', () => {
    const anchored = toggleRow(EMPTY_SELECTION, order, 3, false);
    expect(ids(toggleRow(anchored, order, 1, true))).toEqual(['b', 'c', 'd']);
    expect(ids(toggleRow(toggleRow(EMPTY_SELECTION, order, 0, false), order, 2, true))).toEqual(['a', 'b', 'c']);
  });

  it('Shift+click from a deselected anchor deselects the range', () => {
    let s = toggleAll(EMPTY_SELECTION, order);
    s = toggleRow(s, order, 1, false); // deselect b, anchor b
    expect(ids(toggleRow(s, order, 3, true))).toEqual(['a', 'e']);
  });

  it('Shift+click without an anchor toggles the row', () => {
    expect(ids(toggleRow(EMPTY_SELECTION, order, 2, true))).toEqual(['c']);
  });

  it('select all loaded, then none', () => {
    const all = toggleAll(EMPTY_SELECTION, order);
    expect(ids(all)).toEqual(order);
    expect(ids(toggleAll(all, order))).toEqual([]);
    expect(ids(toggleAll(EMPTY_SELECTION, []))).toEqual([]);
  });
});

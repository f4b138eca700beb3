/**
 * Multi-select over the loaded rows (ids in list order): a click toggles one row and moves the anchor;
 * Shift+click selects the range from the anchor to the clicked row (like a file manager).
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Index of the last row toggled without Shift; ranges start here. */
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export function toggleRow(sel: Selection, order: readonly string[], index: number, range: boolean): Selection {
  const id = order[index];
  if (id === undefined) return sel;
  const ids = new Set(sel.ids);
  if (range && sel.anchor !== null && order[sel.anchor] !== undefined) {
    const [from, to] = sel.anchor < index ? [sel.anchor, index] : [index, sel.anchor];
    // The range takes the anchor's state: selecting from a selected anchor selects every row in between.
    const select = sel.ids.has(order[sel.anchor]);
    for (let i = from; i <= to; i++) {
      if (select) ids.add(order[i]);
      else ids.delete(order[i]);
    }
    return { ids, anchor: sel.anchor };
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: index };
}

/** Every loaded row selected, or none when they all already are. */
export function toggleAll(sel: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((id) => sel.ids.has(id));
  return all ? EMPTY_SELECTION : { ids: new Set(order), anchor: sel.anchor };
}

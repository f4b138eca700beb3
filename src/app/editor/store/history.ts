import type { BaseVersion, GraphSnapshot, HistoryEntry } from './types';

/** At least 100 steps are kept; older ones fall off the bottom. */
export const HISTORY_LIMIT = 200;
/** Typing pauses longer than this start a new undo step for the same field. */
const COALESCE_MS = 1200;

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

export const EMPTY_HISTORY: History = { past: [], future: [] };

/**
 * Records `before` (the graph as it was) under `label`. A change with the same coalesce key as the
 * last entry, soon after it, joins that entry: the entry already holds the state before the burst.
 */
export function record(
  history: History,
  label: string,
  before: GraphSnapshot,
  now: number,
  coalesceKey?: string,
  base?: HistoryEntry['base'],
): History {
  const last = history.past[history.past.length - 1];
  if (coalesceKey !== undefined && last?.coalesceKey === coalesceKey && now - last.at <= COALESCE_MS) {
    const joined = { ...last, at: now };
    return { past: [...history.past.slice(0, -1), joined], future: [] };
  }
  const entry: HistoryEntry = {
    label,
    snapshot: before,
    at: now,
    ...(coalesceKey !== undefined ? { coalesceKey } : {}),
    ...(base ? { base } : {}),
  };
  const past = history.past.length >= HISTORY_LIMIT ? history.past.slice(history.past.length - HISTORY_LIMIT + 1) : history.past.slice();
  past.push(entry);
  return { past, future: [] };
}

/** Ends a typing burst: the next change of the same field becomes its own step. */
export function seal(history: History): History {
  const last = history.past[history.past.length - 1];
  if (!last?.coalesceKey) return history;
  const { coalesceKey: _dropped, ...sealed } = last;
  return { past: [...history.past.slice(0, -1), sealed], future: history.future };
}

export interface Step {
  history: History;
  restore: GraphSnapshot;
  label: string;
  /** The saved version to be based on after this step, when the step moved the base (only if it is still `from`). */
  base?: { from: BaseVersion; to: BaseVersion };
}

/** `entry` moved to the other stack, now holding `current` (the graph before stepping over it). */
const carried = (entry: HistoryEntry, current: GraphSnapshot, at: number): HistoryEntry => ({
  label: entry.label,
  snapshot: current,
  at,
  ...(entry.base ? { base: entry.base } : {}),
});

/** Steps back: returns the snapshot to restore, or null when there is nothing to undo. */
export function undo(history: History, current: GraphSnapshot): Step | null {
  const entry = history.past[history.past.length - 1];
  if (!entry) return null;
  return {
    history: { past: history.past.slice(0, -1), future: [...history.future, carried(entry, current, Date.now())] },
    restore: entry.snapshot,
    label: entry.label,
    ...(entry.base ? { base: { from: entry.base.after, to: entry.base.before } } : {}),
  };
}

export function redo(history: History, current: GraphSnapshot): Step | null {
  const entry = history.future[history.future.length - 1];
  if (!entry) return null;
  return {
    history: { past: [...history.past, carried(entry, current, 0)], future: history.future.slice(0, -1) },
    restore: entry.snapshot,
    label: entry.label,
    ...(entry.base ? { base: { from: entry.base.before, to: entry.base.after } } : {}),
  };
}

/**
 * In-process nudge: a new or released delivery wakes this process's dispatcher instead of waiting
 * for its next poll. Only a latency shortcut — other processes still find the work by polling.
 */
const listeners = new Set<() => void>();

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after writing deliveries; the dispatcher claims on its next turn (a wake inside an open transaction only polls early). */
export function wakeDispatcher(): void {
  for (const listener of listeners) listener();
}

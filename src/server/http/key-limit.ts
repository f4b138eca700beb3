/**
 * At most `running` tasks per key at once, and at most `waiting` more queued behind them; anything
 * beyond is refused at once (`acquire` answers null), so one key can neither fill the pool nor grow
 * an unbounded queue while other keys wait.
 */
export function perKeyLimit(running: number, waiting: number) {
  const keys = new Map<string, { running: number; queue: Array<() => void> }>();
  const release = (key: string) => {
    const entry = keys.get(key)!;
    const next = entry.queue.shift();
    if (next) return next(); // the slot passes straight to the next waiter
    entry.running -= 1;
    if (entry.running === 0) keys.delete(key);
  };
  return {
    /** Resolves to a release function once a slot is free, or to null when the key's queue is full. */
    acquire(key: string): Promise<(() => void) | null> {
      const entry = keys.get(key) ?? { running: 0, queue: [] };
      keys.set(key, entry);
      const done = () => release(key);
      if (entry.running < running) {
        entry.running += 1;
        return Promise.resolve(done);
      }
      if (entry.queue.length >= waiting) return Promise.resolve(null);
      return new Promise((resolve) => entry.queue.push(() => resolve(done)));
    },
    /** Tasks running and waiting for `key` (for tests and figures). */
    load(key: string): number {
      const entry = keys.get(key);
      return entry ? entry.running + entry.queue.length : 0;
    },
  };
}

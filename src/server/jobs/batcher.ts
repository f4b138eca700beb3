/**
 * Calls that arrive close together run as one (group commit): items are collected for up to
 * `waitMs` (or until `max` are waiting) and handed to `run` together, one batch at a time; each
 * caller gets its own item's result, or the batch's error — or, with `isolateFailures`, a failed
 * batch is run again one item at a time, so one bad item fails only its own caller.
 */
export function batcher<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  options: { readonly max: number; readonly waitMs: number; readonly isolateFailures?: boolean },
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    running = running.then(() => settle(batch));
  };

  const settle = async (batch: Waiting[]): Promise<void> => {
    try {
      const results = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (options.isolateFailures && batch.length > 1) for (const w of batch) await settle([w]);
      else for (const w of batch) w.reject(err);
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length >= options.max) flush();
      else timer ??= setTimeout(flush, options.waitMs);
    });
}

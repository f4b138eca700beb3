/** The benches' latency arithmetic, written once: nearest-rank percentiles, rounding, and timing repeated calls. */

/** The p-th percentile (0–100) of `sorted` (ascending), by nearest rank. */
export const percentileOf = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Milliseconds (or any figure) rounded to `digits` decimals. */
export const roundTo = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Calls `fn` `warmup` times untimed, then `runs` times timed: p50 and p99 in ms, rounded to `digits` decimals. */
export async function timeCalls(
  fn: () => Promise<unknown>,
  { runs, warmup, digits = 1 }: { runs: number; warmup: number; digits?: number },
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: roundTo(percentileOf(samples, 50), digits), p99: roundTo(percentileOf(samples, 99), digits) };
}

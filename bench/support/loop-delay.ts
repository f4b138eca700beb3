import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into a server process by bench/abuse.bench.ts (`--import`): measures how long the event
 * loop is held. On each SIGUSR2 it appends one JSON line to LOOP_DELAY_FILE — the event-loop delay
 * since the last signal (p50, p99, max in ms) and process.memoryUsage() in MiB — and starts afresh.
 */
const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  process.on('SIGUSR2', () => {
    const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mib(v)]));
    const delay = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    appendFileSync(file, `${JSON.stringify({ delay, memory })}\n`);
    histogram.reset();
  });
}

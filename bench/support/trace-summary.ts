import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';

/**
 * `BENCH_TRACE=1`: a Chrome trace of a measured loop, summarised as self time per kind of
 * main-thread work (script, style, layout, pre-paint, paint, layerize, commit…) per iteration, so a
 * profile shows where the browser's own time goes, which a CPU profile lumps into "(program)".
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'cc',
  'toplevel',
  'blink.user_timing',
  'loading',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export async function startTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stops the trace (kept in `file` when given: it opens in Chrome's Performance panel); returns "Name ms · …" of the top self times on the renderer's main thread, per iteration. */
export async function stopTrace(browser: Browser, iterations: number, file?: string, top = 10): Promise<string> {
  const buffer = await browser.stopTracing();
  if (file) writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return 'no renderer main thread in the trace';
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time: an event's duration minus its direct children's (events nest by time on one thread).
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      self.set(done.e.name, (self.get(done.e.name) ?? 0) + (done.e.dur! - done.child));
      if (stack.length > 0) stack[stack.length - 1]!.child += done.e.dur!;
    }
  };
  for (const e of events) {
    close(e.ts);
    stack.push({ e, end: e.ts + e.dur!, child: 0 });
  }
  close(Infinity);
  // Wrappers whose self time is scheduling, not work.
  for (const idle of ['ThreadControllerImpl::RunTask', 'RunTask', 'RunNormalPriorityTask']) self.delete(idle);
  const per = (us: number) => Math.round(us / 10 / iterations) / 100;
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return `total ${per(total)} ms; ${rows.map(([name, us]) => `${name} ${per(us)}`).join(' · ')}`;
}

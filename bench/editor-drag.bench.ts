import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import { followUpChain } from '../src/domain/testing/fixtures';
import {
  API_KEY,
  median,
  r1,
  RENDER_PROBE,
  settle,
  timeToRender,
  VIEWPORT,
  withEditorPages,
  type EditorBenchEnv,
} from './support/editor-pages';
import { startTrace, stopTrace } from './support/trace-summary';

/**
 * "500 steps at 60 fps": main-thread work per pointer move while one step is dragged, in
 * the production build of the editor (real server, a seeded 500-step / 997-connection campaign with
 * a branch at every step: followUpChain(500)) and in the bare React Flow page (default nodes,
 * useState + applyNodeChanges) with the same graph, in the same run and the same Chromium.
 *
 * Two views: the whole graph in view (reference fitView, editor `?view=fit`) and the first view
 * (Start at zoom 0.8: reference `?view=start`, the editor's default for a large campaign).
 * - per move: CDP Performance.getMetrics TaskDuration (all main-thread tasks: script, style,
 *   layout, paint, GC) over N real mouse moves (page.mouse.move), each followed by a frame, ÷ N;
 *   minus the same loop without a drag (harness: the frame waits themselves). Each move changes the
 *   step's snapped position; the step's transform must change on ≥ 90% of the moves and its final
 *   position must differ from where it started, or the run fails.
 * - drop: TaskDuration of the mouse up until the page is idle again (commit, overlays, routes).
 * - first open: navigation start → the first frame with the first view drawn (RENDER_PROBE), reloading
 *   a page whose main thread is idle (work the previous page still had queued is not part of opening).
 * Goals: ≤ 5 ms per move in both views and ≥ 4× better than the reference; first open ≤ 0.8× the reference.
 * ROUNDS rounds, median reported (the machine is shared). `BENCH_PROFILE=1` also writes a Chrome CPU
 * profile of each drag to .tmp/profiles and prints its top self-time functions (build the app
 * unminified for readable names: BENCH_UNMINIFIED=1); `BENCH_TRACE=1` prints the main thread's self time
 * per kind of work (script, style, layout, paint…) per move, and of one more open, from a Chrome trace.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MOVES = 60;
const PROFILE = process.env.BENCH_PROFILE === '1';
const TRACE = process.env.BENCH_TRACE === '1';
const load = () => loadavg()[0]!.toFixed(1);

interface Scenario {
  label: string;
  page: 'reference' | 'editor';
  view: 'fit' | 'start';
  nodeId: string;
}
const ALL_SCENARIOS: Scenario[] = [
  { label: 'bare React Flow', page: 'reference', view: 'fit', nodeId: 'follow_up_250' },
  { label: 'Campaign Studio', page: 'editor', view: 'fit', nodeId: 'follow_up_250' },
  { label: 'bare React Flow', page: 'reference', view: 'start', nodeId: 'invite' },
  { label: 'Campaign Studio', page: 'editor', view: 'start', nodeId: 'invite' },
];
/** `BENCH_ONLY=editor-fit` (page-view, comma-separated) runs some scenarios, e.g. to profile one. */
const ONLY = process.env.BENCH_ONLY?.split(',');
const SCENARIOS = ALL_SCENARIOS.filter((s) => !ONLY || ONLY.includes(`${s.page}-${s.view}`));

interface Sample {
  open: number;
  move: number;
  harness: number;
  drop: number;
  nodesInDom: number;
}

const frame = (page: Page) => page.evaluate('new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)))');
async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
}
/** The node's translate() in its style: React Flow's rendered position. */
const transformOf = (page: Page, id: string) =>
  page.evaluate<string>(`document.querySelector('.react-flow__node[data-id="${id}"]')?.style.transform ?? ''`);

async function measureDrag(
  env: EditorBenchEnv,
  page: Page,
  cdp: CDPSession,
  s: Scenario,
  round: number,
): Promise<Pick<Sample, 'move' | 'harness' | 'drop'>> {
  const node = page.locator(`.react-flow__node[data-id="${s.nodeId}"]`);
  const box = await node.boundingBox();
  if (!box) throw new Error(`${s.label} (${s.view}): step ${s.nodeId} is not on screen`);
  const x0 = box.x + Math.min(box.width / 2, 12);
  const y0 = box.y + Math.min(box.height / 2, 6);
  const hit = await page.evaluate<string | undefined>(
    `document.elementFromPoint(${x0}, ${y0})?.closest('.react-flow__node')?.getAttribute('data-id') ?? undefined`,
  );
  if (hit !== s.nodeId) throw new Error(`${s.label} (${s.view}): step ${s.nodeId} is not under the pointer (${hit ?? 'nothing'} is)`);
  const before = await transformOf(page, s.nodeId);

  // Harness cost: the same loop of frame waits with no pointer activity.
  let t = await taskMs(cdp);
  for (let i = 0; i < MOVES; i++) await frame(page);
  const harness = ((await taskMs(cdp)) - t) / MOVES;

  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 30, y0 + 30, { steps: 2 }); // past React Flow's drag threshold: the drag has started
  await frame(page);
  await page.evaluate(`(() => {
    const el = document.querySelector('.react-flow__node[data-id="${s.nodeId}"]');
    window.__moves = 0;
    window.__observer = new MutationObserver(() => window.__moves++);
    window.__observer.observe(el, { attributes: true, attributeFilter: ['style'] });
  })()`);
  if (PROFILE) await cdp.send('Profiler.start');
  if (TRACE) await startTrace(env.browser, page);
  t = await taskMs(cdp);
  for (let i = 1; i <= MOVES; i++) {
    // A circle of radius 90 px, 0.6 rad per move: each move is ~54 px, more than one snap cell at any zoom.
    const a = i * 0.6;
    await page.mouse.move(x0 + 30 + 90 * Math.sin(a), y0 + 30 + 90 * (1 - Math.cos(a)));
    await frame(page);
  }
  const move = ((await taskMs(cdp)) - t) / MOVES - harness;
  if (TRACE)
    console.log(
      `    trace, self time per move (incl. harness): ${await stopTrace(env.browser, MOVES, `.tmp/profiles/${s.page}-${s.view}-${round}.trace.json`)}`,
    );
  if (PROFILE) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const file = `.tmp/profiles/${s.page}-${s.view}-${round}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`    profile ${file}: top self time per move — ${topSelf(profile, MOVES)}`);
  }
  const rendered = await page.evaluate<number>('(() => { window.__observer.disconnect(); return window.__moves; })()');
  t = await taskMs(cdp);
  await page.mouse.up();
  await settle(page);
  const drop = (await taskMs(cdp)) - t;
  const after = await transformOf(page, s.nodeId);
  if (rendered < MOVES * 0.9) throw new Error(`${s.label} (${s.view}): the step moved on ${rendered} of ${MOVES} moves only`);
  if (after === before) throw new Error(`${s.label} (${s.view}): the step did not move (${before})`);
  return { move, harness, drop };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
}
/** The top 5 functions by self time (ms per move), idle excluded. */
function topSelf(profile: CpuProfile, moves: number): string {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byNode.get(id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') return;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = file ? `${name} ${file}:${n.callFrame.lineNumber + 1}` : name;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const r2 = (v: number) => Math.round((v / moves) * 100) / 100;
  const native = ['(program)', '(garbage collector)'].map((k) => `${k} ${r2(self.get(k) ?? 0)}`).join(', ');
  const top = [...self.entries()]
    .filter(([k]) => !k.startsWith('('))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return `total ${r2(total)} ms (${native}); JS: ${top.map(([k, v]) => `${k} ${r2(v)}`).join(' · ')}`;
}

async function runScenario(env: EditorBenchEnv, s: Scenario, round: number): Promise<Sample> {
  const context = await env.browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({ content: RENDER_PROBE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    if (PROFILE) await cdp.send('Profiler.enable');
    let url: string;
    if (s.page === 'editor') {
      await page.goto(`${env.appUrl}/#apiKey=${encodeURIComponent(API_KEY)}`);
      url = s.view === 'fit' ? `${env.campaignUrl}?view=fit` : env.campaignUrl;
    } else url = s.view === 'fit' ? env.referenceUrl : `${env.referenceUrl}?view=start`;
    await timeToRender(page, url, true); // warms the HTTP cache and the JIT
    const opens: number[] = [];
    for (let i = 0; i < 2; i++) opens.push((await timeToRender(page, url, false)).ms);
    if (TRACE) {
      await settle(page);
      await startTrace(env.browser, page);
      const { ms } = await timeToRender(page, url, false);
      const file = `.tmp/profiles/${s.page}-${s.view}-${round}.open.trace.json`;
      console.log(`    trace of an open (${r1(ms)} ms), self time until settled: ${await stopTrace(env.browser, 1, file, 16)}`);
    }
    await settle(page);
    const drag = await measureDrag(env, page, cdp, s, round);
    return { open: median(opens), ...drag, nodesInDom: await page.locator('.react-flow__node').count() };
  } finally {
    await context.close();
  }
}

export async function runEditorDragBench(): Promise<void> {
  const graph = followUpChain(500);
  if (PROFILE || TRACE) mkdirSync('.tmp/profiles', { recursive: true });
  await withEditorPages(graph, async (env) => {
    console.log(`  graph: ${graph.nodes.length} steps, ${graph.edges.length} connections; ${MOVES} moves per drag; ${ROUNDS} rounds`);
    const samples = new Map<Scenario, Sample[]>(SCENARIOS.map((s) => [s, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of SCENARIOS) {
        const sample = await runScenario(env, s, round);
        samples.get(s)!.push(sample);
        console.log(
          `  round ${round} ${s.label}, ${s.view}: move ${r1(sample.move)} ms (harness ${r1(sample.harness)}), drop ${r1(sample.drop)} ms, open ${r1(sample.open)} ms, ${sample.nodesInDom} nodes in DOM (load ${load()})`,
        );
      }
    }
    const med = (s: Scenario, k: keyof Sample) => median(samples.get(s)!.map((x) => x[k]));
    const pad = (v: string, n: number) => v.padEnd(n);
    console.log(`\n  ${pad('view', 8)}${pad('page', 18)}${pad('ms/move', 10)}${pad('drop ms', 10)}${pad('first open ms', 15)}nodes in DOM`);
    for (const s of SCENARIOS)
      console.log(
        `  ${pad(s.view, 8)}${pad(s.label, 18)}${pad(String(r1(med(s, 'move'))), 10)}${pad(String(r1(med(s, 'drop'))), 10)}${pad(String(r1(med(s, 'open'))), 15)}${med(s, 'nodesInDom')}`,
      );
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    for (const view of ['fit', 'start'] as const) {
      const [ref, app] = SCENARIOS.filter((s) => s.view === view);
      if (!ref || !app) continue;
      const move = med(app, 'move');
      const gain = med(ref, 'move') / move;
      const open = med(app, 'open') / med(ref, 'open');
      console.log(
        `  goals (${view}): ≤ 5 ms per move ${verdict(move <= 5)} (${r1(move)}); ≥ 4× better than the reference ${verdict(gain >= 4)} (${r1(gain)}×); first open ≤ 0.8× ${verdict(open <= 0.8)} (${open.toFixed(2)}×)`,
      );
    }
    console.log(
      `  load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} (2 shared cores)`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync('.tmp', { recursive: true });
  await runEditorDragBench();
}

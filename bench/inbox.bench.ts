import { ensureAppBuilt } from './support/app-build';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createAccount } from '../src/server/admin/ops';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/main';
import { seedBenchInbox } from './conversations.bench';
import { percentileOf, roundTo } from './support/timing';

/**
 * The inbox in a real Chromium against a real server with 100k conversations.
 * - Time to first rows: navigation start → the first conversation row in the DOM (cold: nothing
 *   cached; warm: reloads). Goal ≤ 500 ms.
 * - Scrolling: load pages until 5,000 rows, then scroll the list through all of them at a steady pace
 *   while sampling requestAnimationFrame deltas. Goal p95 ≤ 16.7 ms.
 */

const CONVERSATIONS = 100_000;
const TARGET_ROWS = 5_000;
const PX_PER_FRAME = 120; // ≈ 7,200 px/s at 60 Hz: a brisk, steady fling (about 1.6 rows per frame)
const WARM_RUNS = 5;
const API_KEY = 'bench-inbox-key-0123456789abcdefghijklmnopqrstuvwxyz';
// Same Chromium and flags as playwright.config.ts.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Records when the first conversation row appears, relative to navigation start (performance.now()).
 * A string, not a function: tsx would wrap a function's inner helpers in `__name`, undefined in the page.
 */
const FIRST_ROW_PROBE = `
  new MutationObserver((_, obs) => {
    if (window.__firstRowAt === undefined && document.querySelector('[role="option"].conv-row')) {
      window.__firstRowAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function timeToFirstRows(page: Page, url: string, reload: boolean): Promise<number> {
  if (reload) await page.reload();
  else await page.goto(url);
  try {
    await page.waitForFunction(() => (window as unknown as { __firstRowAt?: number }).__firstRowAt !== undefined, undefined, {
      timeout: 30_000,
    });
  } catch (err) {
    console.log(`  no row after 30 s at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 300)}`);
    throw err;
  }
  return page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt);
}

async function loadRows(page: Page, target: number): Promise<number> {
  const list = page.locator('[role="listbox"][aria-label="Conversations"]');
  const t0 = Date.now();
  for (;;) {
    const loaded = Number(await list.getAttribute('data-loaded-rows'));
    if (loaded >= target) return Date.now() - t0;
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction((n) => Number(document.querySelector('[role="listbox"]')?.getAttribute('data-loaded-rows')) > n, loaded, {
      timeout: 30_000,
    });
  }
}

/** Scrolls from the top through `rows` rows, `px` per frame, and returns every rAF delta (ms). A string, like the probe. */
async function scrollFrames(page: Page, rows: number, px: number): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('[role="listbox"][aria-label="Conversations"]');
    el.scrollTop = 0;
    // Stop two screens short of the last row, so the scroll never triggers the next page's fetch.
    const rowHeight = el.scrollHeight / Number(el.getAttribute('data-loaded-rows'));
    const end = rowHeight * ${rows} - el.clientHeight * 2;
    const deltas = [];
    let last = 0;
    function frame(t) {
      if (last) deltas.push(t - last);
      last = t;
      if (el.scrollTop >= end) return resolve(deltas);
      el.scrollTop = Math.min(end, el.scrollTop + ${px});
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(() => requestAnimationFrame(frame));
  })`);
}

export async function runInboxBench(): Promise<Record<string, number>> {
  await ensureAppBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-inbox-'));
  const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', DEMO_API_KEY: API_KEY }));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = 'demo'");
    const workspaceId = rows[0].id;
    const accounts: string[] = [];
    for (const [channel, name] of [
      ['professional_network', 'Ada (LinkedIn)'],
      ['professional_network', 'Ben (LinkedIn)'],
      ['messaging_app', 'Team WhatsApp'],
    ] as const)
      accounts.push((await createAccount(server.db, workspaceId, { channel, name })).accountId);
    const t0 = performance.now();
    await seedBenchInbox(server.db, workspaceId, accounts);
    console.log(`  seeded ${CONVERSATIONS.toLocaleString('en')} conversations in ${Math.round(performance.now() - t0)} ms`);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Signed in the way the app stores a session, so the first navigation is the inbox itself (cold cache).
    // (only when absent: later reloads keep what the app stored, e.g. the resolved workspace, like a real user).
    await context.addInitScript({
      content: `if (!localStorage.getItem('campaign-studio.session')) localStorage.setItem('campaign-studio.session', ${JSON.stringify(
        JSON.stringify({ state: { apiKey: API_KEY, baseUrl: '', workspaceId: null }, version: 0 }),
      )});`,
    });
    await context.addInitScript({ content: FIRST_ROW_PROBE });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && console.log(`  console: ${m.text()}`));
    const inboxUrl = `${server.url}/inbox`;

    const cold = await timeToFirstRows(page, inboxUrl, false);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeToFirstRows(page, inboxUrl, true));
    warm.sort((a, b) => a - b);

    const loadMs = await loadRows(page, TARGET_ROWS);
    const loaded = Number(await page.locator('[role="listbox"]').getAttribute('data-loaded-rows'));
    const domRows = await page.locator('[role="option"]').count();
    // Frame times depend on what else the machine runs: say so next to the figures.
    const load = loadavg()[0];
    const deltas = await scrollFrames(page, TARGET_ROWS, PX_PER_FRAME);
    const sorted = [...deltas].sort((a, b) => a - b);
    const median = percentileOf(sorted, 50);
    const janky = deltas.filter((d) => d > median * 1.5).length;

    const figures = {
      firstRowsColdMs: roundTo(cold),
      firstRowsWarmP50Ms: roundTo(percentileOf(warm, 50)),
      firstRowsWarmMaxMs: roundTo(warm[warm.length - 1]),
      rowsLoaded: loaded,
      loadTo5000RowsMs: loadMs,
      rowsInDom: domRows,
      framesSampled: deltas.length,
      frameP50Ms: roundTo(median),
      frameP95Ms: roundTo(percentileOf(sorted, 95)),
      frameP99Ms: roundTo(percentileOf(sorted, 99)),
      frameMaxMs: roundTo(sorted[sorted.length - 1]),
      framesOver1_5xMedian: janky,
      loadAverage1m: roundTo(load),
      cpus: cpus().length,
    };
    console.log(
      `  time to first rows: cold ${figures.firstRowsColdMs} ms, warm p50 ${figures.firstRowsWarmP50Ms} ms (max ${figures.firstRowsWarmMaxMs}) — goal ≤ 500 ms`,
    );
    console.log(`  loaded ${loaded} rows in ${loadMs} ms (${Math.ceil(loaded / 100)} pages); ${domRows} rows in the DOM`);
    console.log(
      `  scroll through ${TARGET_ROWS} rows at ${PX_PER_FRAME} px/frame: ${deltas.length} frames, p50 ${figures.frameP50Ms} ms, p95 ${figures.frameP95Ms} ms, p99 ${figures.frameP99Ms} ms, max ${figures.frameMaxMs} ms, ${janky} frames > 1.5× median — goal p95 ≤ 16.7 ms (load average ${figures.loadAverage1m} on ${figures.cpus} CPUs${load > figures.cpus ? ': the machine is busy, frame figures are pessimistic' : ''})`,
    );
    console.table([figures]);
    return figures;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { WorkflowDefinition } from '../../src/domain';
import type { Db } from '../../src/server/db/types';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { ensureAppBuilt, UNMINIFIED } from './app-build';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../src/domain/contract/tool-call';

/**
 * What the editor benchmarks share: the production build of the app behind a real server with one
 * seeded campaign, the bare React Flow reference page (bench/editor-reference) with the same graph,
 * one Chromium, and the first-render probe.
 */
export const API_KEY = 'bench-editor-key-0123456789abcdefghijklmnopqrstuvwxyz';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 1440, height: 900 };
const REFERENCE_DIR = resolve('.tmp/editor-reference');

export interface EditorBenchEnv {
  browser: Browser;
  /** The server's base URL (the built app and the API). */
  appUrl: string;
  /** The editor page of the seeded campaign. */
  campaignUrl: string;
  /** The bare React Flow page. */
  referenceUrl: string;
  /** The server's database (a bench that needs more than the seeded draft writes it here). */
  db: Db;
  /** The seeded campaign. */
  campaignId: string;
}

async function buildReference(graph: unknown): Promise<void> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    configFile: false,
    root: resolve('bench/editor-reference'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: REFERENCE_DIR, emptyOutDir: true, ...(UNMINIFIED ? { minify: false } : {}) },
  });
  writeFileSync(join(REFERENCE_DIR, 'graph.json'), JSON.stringify(graph));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html');
    if (!path.startsWith(dir) || !existsSync(path) || statSync(path).isDirectory()) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Builds both pages, starts the server, seeds `graph` as a campaign (over MCP), runs `body`, cleans up. */
export async function withEditorPages<T>(graph: WorkflowDefinition, body: (env: EditorBenchEnv) => Promise<T>): Promise<T> {
  await ensureAppBuilt();
  await buildReference(graph);
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-editor-'));
  const server = await startServer({
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_API_KEY: API_KEY, DEMO_DATA: '0' }),
  });
  const reference = await serveStatic(REFERENCE_DIR);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const rpc = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT },
      body: JSON.stringify(toolCallBody(1, 'create-campaign', { name: `Bench: ${graph.nodes.length} steps`, workflow_definition: graph })),
    });
    const created = (await rpc.json()) as { result?: { structuredContent?: { campaignId: string } } };
    const campaignId = created.result?.structuredContent?.campaignId;
    if (!campaignId) throw new Error(`create-campaign failed: ${JSON.stringify(created).slice(0, 300)}`);
    return await body({
      browser,
      appUrl: server.url,
      campaignUrl: `${server.url}/campaigns/${campaignId}`,
      referenceUrl: `http://127.0.0.1:${(reference.address() as AddressInfo).port}/index.html`,
      db: server.db,
      campaignId,
    });
  } finally {
    await browser.close();
    await new Promise((ok) => reference.close(ok));
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Installed before any script: records the first frame in which the Start step (or, when the view
 * culls it, any step) is measured and drawn, with connections. The reference draws every step in one
 * commit; the editor draws the steps of the first view around Start in one commit and, in a view of
 * the whole graph, the steps it has not attached yet on its pending layer in that same frame
 * (PendingStepsLayer, asserted by e2e/editor-large.spec.ts), so this is when the first view is on screen. It reports the time on the
 * console too: waiting for that message needs no script of the harness in the page, whose
 * injection (tens of milliseconds on the main thread) would otherwise land in the middle of an open.
 * A string, not a function: tsx's keepNames helpers (__name) do not exist in the page.
 */
const RENDERED = 'bench:first-view-drawn';
export const RENDER_PROBE = `(() => {
  const tick = (t) => {
    const start = document.querySelector('.react-flow__node[data-id="start"]') || document.querySelector('.react-flow__node');
    if (start && start.style.visibility !== 'hidden' && document.querySelector('.react-flow__edge')) { window.__renderedAt = t; console.debug('${RENDERED}', t); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Requests to the page's workers (the editor's connection router) not answered yet: settle() waits for them.
  window.__workerRequests = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    if (!this.__counted) {
      this.__counted = true;
      this.addEventListener('message', () => window.__workerRequests--);
    }
    window.__workerRequests++;
    return post.apply(this, args);
  };
})();`;

/**
 * Waits until the page's main thread has been idle for a few frames (progressive attachment, autosave)
 * and its workers have answered (the editor routes connections in one after its first view and after a
 * drop; a worker still busy would share the machine's cores with what is measured next).
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(`new Promise((ok) => {
    let quiet = 0, last = performance.now();
    const tick = () => {
      const now = performance.now();
      quiet = now - last < 25 && !(window.__workerRequests > 0) ? quiet + 1 : 0;
      last = now;
      if (quiet >= 20) ok(); else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/**
 * Navigation start → the first frame with the first view drawn (RENDER_PROBE must be installed).
 * A reload waits for the page to settle first: a navigation starts only when the old page's current
 * task ends, and the work the old page still had queued is not part of opening the new one.
 */
export async function timeToRender(page: Page, url: string, first: boolean): Promise<{ ms: number; nodes: number }> {
  if (!first) await settle(page);
  const drawn = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(RENDERED), timeout: 60_000 });
  if (first) await page.goto(url, { waitUntil: 'commit' });
  else await page.reload({ waitUntil: 'commit' });
  const ms = Number((await drawn).text().slice(RENDERED.length));
  return { ms, nodes: await page.locator('.react-flow__node').count() };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
export const median = (values: number[]) => percentile(values, 50);
export const r1 = (n: number) => Math.round(n * 10) / 10;

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import type { Browser } from '@playwright/test';
import { join } from 'node:path';
import { connectionOnlyGraph, followUpChain } from '../src/domain/testing/fixtures';
import { openDatabase } from '../src/server/db/open';
import { migrate } from '../src/server/db/migrate';
import type { Db } from '../src/server/db/types';
import { DEFAULT_ACTION_SPACING_S } from '../src/domain/contract/runs';
import { campaignRun, prospectZones } from '../src/server/run-view/progress';
import { runCounts } from '../src/server/run-view/run-counts';
import { seedRun } from '../src/server/testing/runs';
import { postgresDatabase } from './conversations.bench';
import { API_KEY, median, RENDER_PROBE, timeToRender, VIEWPORT, withEditorPages } from './support/editor-pages';
import { roundTo, timeCalls } from './support/timing';

/**
 * Contract 9.5 run stats (`GET /api/v1/campaigns/{id}/run`'s body, campaignRun) of a campaign with
 * 100,000 enrollments (PGlite) or 1,000,000 (PostgreSQL, issue 34's growth figure) spread over its
 * steps and statuses, each with its timeline rows, p99 over 100 reads, beside the reference: the
 * same enrollment counts by one SQL GROUP BY. Goal ≤ 50 ms on PostgreSQL at 1M. Also the body with
 * its forecast memoised (reads within a minute of an unchanged run) and the counters' read alone and the
 * prospects' time zones the forecast reads (a sample of up to 500 unfinished prospects).
 * `BENCH_ONLY_POSTGRES=1` skips the embedded database (the 1M figure alone).
 */

const ENROLLMENTS = { PGlite: 100_000, PostgreSQL: 1_000_000 } as const;
const WARMUP = 10;
const RUNS = 100;

const time = (fn: () => Promise<unknown>) => timeCalls(fn, { runs: RUNS, warmup: WARMUP });

/** The run as the engine leaves it mid-way: statuses, current steps and timeline rows in proportion. */
async function spreadRun(db: Db, campaignId: string): Promise<void> {
  await db.query(
    `UPDATE enrollments SET
       status = (ARRAY['active', 'active', 'finished', 'waiting', 'stopped', 'failed'])[1 + abs(hashtext(id::text)) % 6],
       current_node_id = 'connection_request'
     WHERE campaign_id = $1`,
    [campaignId],
  );
  await db.query(
    `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, handle)
     SELECT id, 'start', 'start', 'done', NULL FROM enrollments WHERE campaign_id = $1 AND status <> 'waiting'
     UNION ALL
     SELECT id, 'connection_request', 'connection_request', CASE WHEN status = 'failed' THEN 'failed' ELSE 'done' END,
            CASE WHEN status = 'failed' THEN NULL WHEN abs(hashtext(id::text)) % 3 = 0 THEN 'accepted' ELSE 'no_response' END
     FROM enrollments WHERE campaign_id = $1 AND status IN ('finished', 'failed', 'stopped')`,
    [campaignId],
  );
  await db.query('ANALYZE enrollments');
  await db.query('ANALYZE enrollment_steps');
}

/** The default ACTION_SPACING_S, as a server without the variable runs. */
const PACING = { actionSpacingS: DEFAULT_ACTION_SPACING_S };

async function benchOne(label: keyof typeof ENROLLMENTS, open: () => Promise<Db>): Promise<Record<string, unknown>> {
  const db = await open();
  try {
    await migrate(db);
    const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: ENROLLMENTS[label] });
    await spreadRun(db, run.campaignId);
    // A new instant each read: never a memo hit. A small run's forecast is computed afresh each read; a
    // large one's (over 10,000 unfinished) is its last, refreshed after an answer at most once a minute.
    let now = Date.parse('2026-11-25T10:00:00Z');
    const stats = await time(() => campaignRun(db, run.workspaceId, run.campaignId, PACING, (now += 61_000)));
    const memo = await time(() => campaignRun(db, run.workspaceId, run.campaignId, PACING, now));
    const counters = await time(() => runCounts(db, run.campaignId));
    // The prospects' time zones the forecast reads (issue 33 item 8), read afresh each time as in `run p99`.
    const zones = await time(() => prospectZones(db, run.campaignId, (now += 61_000)));
    const reference = await time(() =>
      db.query('SELECT status, count(*) FROM enrollments WHERE campaign_id = $1 GROUP BY status', [run.campaignId]),
    );
    return {
      database: label,
      enrollments: ENROLLMENTS[label],
      'run p50 ms': stats.p50,
      'run p99 ms': stats.p99,
      'run, forecast memo p99 ms': memo.p99,
      'counts p99 ms': counters.p99,
      'zones p99 ms': zones.p99,
      'GROUP BY p50 ms': reference.p50,
      'GROUP BY p99 ms': reference.p99,
      'counts ratio': roundTo(counters.p99 / Math.max(0.1, reference.p99)),
    };
  } finally {
    await db.close();
  }
}

export async function runRunViewStats(): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-run-view-'));
  try {
    if (!process.env.BENCH_ONLY_POSTGRES) rows.push(await benchOne('PGlite', () => openDatabase({ databaseUrl: '', dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pg = await postgresDatabase();
  if (pg) {
    try {
      rows.push(await benchOne('PostgreSQL', () => openDatabase({ databaseUrl: pg.url, dataDir: '' })));
    } finally {
      await pg.drop();
    }
  }
  console.table(rows);
}

const OPEN_RUNS = 5;

/** Median time to the first view drawn of `url` (the editor bench's probe), after one warm-up load. */
async function openTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: RENDER_PROBE });
  const page = await context.newPage();
  await page.goto(`${url.split('/campaigns')[0]}/#apiKey=${encodeURIComponent(API_KEY)}`);
  const times: number[] = [];
  for (let i = 0; i <= OPEN_RUNS; i++) {
    const { ms } = await timeToRender(page, url, i === 0);
    if (i > 0) times.push(ms);
  }
  await context.close();
  return median(times);
}

/** The campaign launched as the engine leaves it mid-way: 1,000 prospects spread over its steps, some finished. */
async function launchWithProspects(db: Db, campaignId: string, stepIds: string[]): Promise<void> {
  const { rows } = await db.query<{ workspace_id: string }>('SELECT workspace_id FROM campaigns WHERE id = $1', [campaignId]);
  const workspaceId = rows[0]!.workspace_id;
  const account = await db.query<{ id: string }>(
    `INSERT INTO accounts (workspace_id, channel, name, premium) VALUES ($1, 'professional_network', 'Sam Sender', true) RETURNING id`,
    [workspaceId],
  );
  await db.query(
    `UPDATE campaigns SET status = 'active', launched_version = graph_version, sender_account_ids = ARRAY[$2::uuid] WHERE id = $1`,
    [campaignId, account.rows[0]!.id],
  );
  await db.query(
    `INSERT INTO prospects (workspace_id, profile_url, name) SELECT $1, 'https://network.example/in/open' || i, 'Prospect ' || i FROM generate_series(1, 1000) AS i`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id, status, current_node_id, outcome)
     SELECT $1, $2, p.id, $3, CASE WHEN n % 4 = 0 THEN 'finished' ELSE 'active' END,
            CASE WHEN n % 4 = 0 THEN NULL ELSE ($4::text[])[1 + n % cardinality($4::text[])] END, CASE WHEN n % 4 = 0 THEN 'finished' END
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM prospects WHERE workspace_id = $1) p`,
    [workspaceId, campaignId, account.rows[0]!.id, stepIds],
  );
}

/**
 * Contract 9.5 run view of a 500-step campaign (followUpChain(500)) in Chromium: time to its first view
 * drawn, beside the editor's open of the same graph (the same campaign as a draft) in the same run.
 * Goal ≤ 1.1× the editor.
 */
export async function runRunViewOpen(): Promise<void> {
  const graph = followUpChain(500);
  await withEditorPages(graph, async ({ browser, campaignUrl, db, campaignId }) => {
    const editor = await openTime(browser, campaignUrl);
    await launchWithProspects(
      db,
      campaignId,
      graph.nodes.map((n) => n.id),
    );
    const runView = await openTime(browser, campaignUrl);
    const ratio = runView / editor;
    console.log(
      `  500 steps: run view first view drawn, median ${roundTo(runView)} ms | reference: editor open of the same graph ${roundTo(editor)} ms | ratio ${roundTo(ratio * 100) / 100}× ${ratio <= 1.1 ? 'ok' : 'OVER GOAL (1.1×)'} (load ${loadavg()[0]!.toFixed(1)})`,
    );
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, createApiKey, createWorkspace } from '../../src/server/admin/ops';
import { openDatabase } from '../../src/server/db/open';
import type { Db } from '../../src/server/db/types';
import { childEnv, startServerProcess, type ServerProcess } from '../../src/server/testing/processes';
import { scratchDatabase } from '../../src/server/testing/runs';
import { percentile } from './mcp-server';

/**
 * A campaign run as the outside probe of issue 33 measured it: real server processes (one or two),
 * driven only through the HTTP API — executor, senders' limits, campaign, import, enrollment, launch —
 * on the sandbox, its progress read from `GET …/run` over time. While it runs, a reader times
 * `/healthz` and the campaigns list, as a person using the app would.
 */

export interface ServerRun {
  label: string;
  enrollments: number;
  steps: number;
  seconds: number;
  stepsPerSecond: number;
  /** The invitation step's outputs at the end (every one accepted on this sandbox). */
  handles: Record<string, number>;
  /** Latency of what a person does meanwhile: p50 / p99 ms. */
  healthz: { p50: number; p99: number; n: number };
  campaigns: { p50: number; p99: number; n: number; what: string };
  /** PostgreSQL: transactions committed on the database during the run, per step (every process's). */
  transactionsPerStep: number | null;
}

const KEY = `bench-engine-key-${'k'.repeat(24)}`;
/** start → visit → invitation (no note, a wait of 0.0001 days) → end: four steps per prospect. */
const STEPS_PER_ENROLLMENT = 4;
const GRAPH = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'visit', type: 'profile_visit', position: { x: 0, y: 120 }, data: {} },
    {
      id: 'invite',
      type: 'connection_request',
      position: { x: 0, y: 240 },
      data: { send_empty_request: true, wait_for_response_days: 0.0001 },
    },
    { id: 'end', type: 'end', position: { x: 0, y: 360 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'visit' },
    { id: 'e2', source: 'visit', target: 'invite' },
    { id: 'e3', source: 'invite', target: 'end', sourceHandle: 'accepted' },
    { id: 'e4', source: 'invite', target: 'end', sourceHandle: 'no_response' },
  ],
};
const LIMITS = { connection_request: 10_000, message: 10_000, inmail: 10_000, profile_visit: 10_000, other: 10_000 };

/** A keep-alive socket the server closed as the request went out never reached it: sent once more on a fresh one. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw new Error(`${init.method} ${url}: ${String(err)}`);
    return fetch(url, { ...init, keepalive: false });
  }
}

class Client {
  private id = 0;
  constructor(readonly base: string) {}

  async rest(method: string, path: string, body?: unknown): Promise<any> {
    const res = await send(`${this.base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  async tool(name: string, args: Record<string, unknown>): Promise<any> {
    const res = await send(`${this.base}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method: 'tools/call', params: { name, arguments: args } }),
    });
    const body = (await res.json()) as any;
    if (body.result?.isError) throw new Error(`${name}: ${JSON.stringify(body.result.structuredContent).slice(0, 300)}`);
    return body.result.structuredContent;
  }
}

/** Times one request again and again until stopped; the list of durations in ms. */
function timer(request: () => Promise<unknown>, everyMs: number) {
  const times: number[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const start = performance.now();
      await request().catch(() => undefined);
      times.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)), n: sorted.length };
    },
  };
}

/** The workspace, its key and two senders, written before the servers start (the embedded database is theirs once they run). */
async function seedWorkspace(db: Db): Promise<string[]> {
  const { workspaceId } = await createWorkspace(db, `bench-${Date.now()}`, 'Engine bench');
  await createApiKey(db, [workspaceId], KEY);
  const senders = [];
  for (const name of ['Sam', 'Kim'])
    senders.push((await createAccount(db, workspaceId, { channel: 'professional_network', name, premium: true })).accountId);
  // The probe's limits of 10,000 a day, above what the API now takes (1,000 a day, 10,000 a week): written
  // here, before the servers start, so no cap stops the run and only the engine's pace is measured.
  await db.query('UPDATE accounts SET daily_limits = $2::jsonb, weekly_limits = $3::jsonb WHERE id = ANY($1::uuid[])', [
    senders,
    JSON.stringify(LIMITS),
    JSON.stringify(Object.fromEntries(Object.keys(LIMITS).map((kind) => [kind, 1_000_000]))),
  ]);
  return senders;
}

/**
 * Runs `enrollments` prospects through `processes` server processes on a fresh database (PostgreSQL
 * at `postgresUrl`, else embedded), then hands that database to `reference` (the same-run reference).
 */
export async function runThroughServer(options: {
  label: string;
  enrollments: number;
  processes: number;
  postgresUrl?: string;
  reference: (db: Db) => Promise<string>;
}): Promise<ServerRun & { reference: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-engine-'));
  const scratch = options.postgresUrl ? await scratchDatabase(options.postgresUrl, 'cs_bench_run') : undefined;
  const open = () => openDatabase({ databaseUrl: scratch?.url, dataDir });
  const servers: ServerProcess[] = [];
  try {
    let db = await open();
    const senders = await seedWorkspace(db);
    if (!scratch) await db.close();
    const env = childEnv(dataDir, {
      DEMO_DATA: '0',
      ACTION_SPACING_S: '0',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...(process.env.BENCH_RUN_ENV ? JSON.parse(process.env.BENCH_RUN_ENV) : {}),
    });
    for (let i = 0; i < options.processes; i++) servers.push(await startServerProcess(env, 240_000));
    const api = new Client(servers[0]!.url);
    await api.rest('PUT', '/api/v1/executor', { kind: 'sandbox', acceptRate: 1, replyRate: 0, medianResponseHours: 0.0001, seed: 1 });
    const created = await api.tool('create-campaign', { name: 'Engine bench', senderAccountIds: senders });
    const saved = await api.tool('update-campaign-workflow', {
      campaignId: created.campaignId,
      expectedUpdatedAt: created.updated_at,
      workflow_definition: GRAPH,
    });
    await api.rest('PUT', `/api/v1/campaigns/${created.campaignId}/schedule`, {
      timeZone: 'UTC',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      start: '00:00',
      end: '23:59',
      useProspectTimeZone: false,
    });
    const stamp = Date.now();
    const rows = Array.from({ length: options.enrollments }, (_, i) => ({
      profileUrl: `https://www.linkedin.com/in/bench-${stamp}-${i}`,
      name: `P${i}`,
    }));
    await api.rest('POST', '/api/v1/prospects/import', { prospects: rows });
    const ids: string[] = [];
    for (let cursor: string | null = null; ;) {
      const page: any = await api.rest('GET', `/api/v1/prospects?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      ids.push(...page.items.map((p: { prospectId: string }) => p.prospectId));
      if (!(cursor = page.nextCursor)) break;
    }
    await api.rest('POST', `/api/v1/campaigns/${created.campaignId}/enrollments`, { prospectIds: ids });
    // What a person does meanwhile: the health check and the campaigns list (its REST twin when the server has one).
    const listed = await fetch(`${api.base}/api/v1/campaigns`, { headers: { Authorization: `Bearer ${KEY}` } });
    const campaignsList = listed.status === 200 ? () => api.rest('GET', '/api/v1/campaigns') : () => api.tool('list-campaigns', {});
    const healthz = timer(() => fetch(`${api.base}/healthz`).then((r) => r.text()), 50);
    const campaigns = timer(campaignsList, 50);
    const commits = async () =>
      scratch
        ? Number(
            (await db.query<{ n: number }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n,
          )
        : null;
    const commitsBefore = await commits();
    const start = performance.now();
    await api.tool('launch-campaign', { campaignId: created.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true });
    let run: any;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      run = await api.rest('GET', `/api/v1/campaigns/${created.campaignId}/run`);
      if (run.enrollments.finished + run.enrollments.failed >= options.enrollments || performance.now() - start > 900_000) break;
    }
    const seconds = (performance.now() - start) / 1000;
    const [healthzTimes, campaignTimes] = [await healthz.stop(), await campaigns.stop()];
    // The statistics of a transaction reach pg_stat_database within a second of its end.
    await new Promise((r) => setTimeout(r, 1500));
    const committed = commitsBefore === null ? null : (await commits())! - commitsBefore;
    for (const server of servers.splice(0)) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const finished: number = run.enrollments.finished + run.enrollments.failed;
    if (!scratch) db = await open();
    try {
      return {
        label: options.label,
        enrollments: finished,
        steps: finished * STEPS_PER_ENROLLMENT,
        seconds,
        stepsPerSecond: Math.round((finished * STEPS_PER_ENROLLMENT) / seconds),
        handles: run.steps.find((s: { nodeId: string }) => s.nodeId === 'invite')?.handles ?? {},
        healthz: healthzTimes,
        campaigns: {
          ...campaignTimes,
          what: listed.status === 200 ? 'GET /api/v1/campaigns' : 'list-campaigns (no GET /api/v1/campaigns yet)',
        },
        transactionsPerStep: committed === null ? null : Number((committed / (finished * STEPS_PER_ENROLLMENT)).toFixed(2)),
        reference: await options.reference(db),
      };
    } finally {
      await db.close();
    }
  } catch (err) {
    for (const server of servers) console.error(`server output:\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

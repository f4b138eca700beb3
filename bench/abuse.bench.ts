import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../src/domain/contract/tool-call';
import { followUpChain } from '../src/domain/testing/fixtures';
import { createApiKey, createWorkspace } from '../src/server/admin/ops';
import { openDatabase } from '../src/server/db/open';
import { childEnv, startServerProcess } from '../src/server/testing/processes';
import { percentile } from './support/mcp-server';

/** Goals: under attack, another workspace's read and /healthz keep p99 ≤ 100 ms; the server stays under 512 MB. */
const GOAL_P99_MS = 100;
const GOAL_RSS_MB = 512;
const ATTACK_MS = 20_000;
const REFERENCE_MS = 5_000;
const PROBE_EVERY_MS = 25;

/** The server's resident memory now and at its peak, in MiB (Linux /proc; threads included). */
function memoryOf(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** CPU time (ms) each thread of the server has used so far, by thread id (Linux /proc, 100 ticks a second). */
function cpuOf(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * 10); // utime + stime
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
}

/** CPU the main thread and the other threads (workers, GC, I/O) used between two readings; a thread that ended since is not counted. */
function cpuBetween(pid: number, from: Map<string, number>, to: Map<string, number>): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const [tid, ms] of to) {
    const used = ms - (from.get(tid) ?? 0);
    if (tid === String(pid)) main = used;
    else others += used;
  }
  return { main, others };
}

/** CPU used between two readings, per second of wall time. */
const cpuShare = (used: { main: number; others: number }, ms: number) =>
  `main thread ${((used.main / ms) * 100).toFixed(0)} %, other threads ${((used.others / ms) * 100).toFixed(0)} % of a core`;

/**
 * The server's event-loop delay and memory breakdown since the last call (bench/support/loop-delay.ts,
 * preloaded into it): SIGUSR2 makes it append one line to `file`.
 */
async function loopReport(pid: number, file: string): Promise<string> {
  const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const before = (() => {
    try {
      return lines().length;
    } catch {
      return 0;
    }
  })();
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      const all = lines();
      if (all.length > before) {
        const { delay, memory } = JSON.parse(all[all.length - 1]!) as { delay: Record<string, number>; memory: Record<string, number> };
        const mem = Object.entries(memory)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
        return `event-loop delay p50 ${delay.p50} p99 ${delay.p99} max ${delay.max} ms; memory (MiB) ${mem}`;
      }
    } catch {
      // not written yet
    }
  }
  return 'no event-loop report';
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`probe answered ${res.status}`);
  return performance.now() - started;
}

/** Probes /healthz and another workspace's get-campaign, one after another each, for `ms`. */
async function probe(url: string, apiKey: string, campaignId: string, ms: number) {
  const health: number[] = [];
  const read: number[] = [];
  const body = JSON.stringify(toolCallBody(1, 'get-campaign', { campaignId }));
  const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT };
  const until = Date.now() + ms;
  const pace = () => new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  const loop = async (times: number[], run: () => Promise<Response>) => {
    while (Date.now() < until) {
      times.push(await timed(run));
      await pace();
    }
  };
  await Promise.all([
    loop(health, () => fetch(`${url}/healthz`)),
    loop(read, () => fetch(`${url}/mcp`, { method: 'POST', headers, body })),
  ]);
  const p = (times: number[], q: number) =>
    percentile(
      [...times].sort((a, b) => a - b),
      q,
    ).toFixed(1);
  return {
    health: `p50 ${p(health, 50)} p99 ${p(health, 99)} ms (${health.length})`,
    read: `p50 ${p(read, 50)} p99 ${p(read, 99)} ms (${read.length})`,
    p99: Math.max(Number(p(health, 99)), Number(p(read, 99))),
  };
}

/**
 * One key hammers the heaviest calls it can make (from its own process) while this process probes
 * /healthz and another workspace's get-campaign; the same probes without the attack first are the
 * reference. The server is its own process (embedded database), so its memory is measured alone.
 */
export async function runAbuseBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-abuse-'));
  const database = await freshDatabase();
  const db = await openDatabase({ dataDir, databaseUrl: database.url });
  const attacker = await createWorkspace(db, 'attacker', 'Attacker');
  const quiet = await createWorkspace(db, 'quiet', 'Quiet tenant');
  const attackerKey = (await createApiKey(db, [attacker.workspaceId])).apiKey;
  const quietKey = (await createApiKey(db, [quiet.workspaceId])).apiKey;
  await db.close();
  const loopFile = join(dataDir, 'loop-delay.jsonl');
  // ABUSE_CPU_PROF=1: the server writes a V8 CPU profile of the whole run into .tmp/abuse-prof at exit.
  const profile = process.env.ABUSE_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=.tmp/abuse-prof'] : [];
  if (profile.length > 0) mkdirSync('.tmp/abuse-prof', { recursive: true });
  const server = await startServerProcess(
    childEnv(dataDir, { DEMO_DATA: '0', DATABASE_URL: database.url ?? '', LOOP_DELAY_FILE: loopFile }),
    90_000,
    ['--import', './bench/support/loop-delay.ts', ...profile],
  );
  try {
    const call = async (apiKey: string, name: string, args: Record<string, unknown>) => {
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT },
        body: JSON.stringify(toolCallBody(1, name, args)),
      });
      return ((await res.json()) as { result: { structuredContent: { campaignId: string } } }).result.structuredContent;
    };
    const heavy = await call(attackerKey, 'create-campaign', { name: 'Long chain', workflow_definition: followUpChain(500) });
    const target = await call(quietKey, 'create-campaign', { name: 'Quiet', workflow_definition: followUpChain(50) });
    await call(attackerKey, 'simulate-campaign', { campaignId: heavy.campaignId }); // the pool's thread is up
    const pid = server.child.pid!;
    await loopReport(pid, loopFile);
    const referenceCpu = cpuOf(pid);
    const reference = await probe(server.url, quietKey, target.campaignId, REFERENCE_MS);
    const referenceCpuShare = cpuShare(cpuBetween(pid, referenceCpu, cpuOf(pid)), REFERENCE_MS);
    const referenceLoop = await loopReport(pid, loopFile);
    const before = memoryOf(pid);
    const attack = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/support/abuse-attacker.ts', server.url, attackerKey, heavy.campaignId, String(ATTACK_MS)],
      // Its own session (Linux: its own scheduling group), as a remote attacker: reading its MiB answers does not take the server's CPU share.
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    let attackOutput = '';
    attack.stdout.on('data', (d) => (attackOutput += d));
    const attacked = new Promise((resolve) => attack.on('close', resolve));
    const attackStartCpu = cpuOf(pid);
    let peakNow = before.now;
    const sampler = setInterval(() => (peakNow = Math.max(peakNow, memoryOf(pid).now)), 100);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the attack is under way
    const attackCpu = cpuOf(pid);
    const loaded = await probe(server.url, quietKey, target.campaignId, ATTACK_MS - 3_000);
    const attackCpuShare = cpuShare(cpuBetween(pid, attackCpu, cpuOf(pid)), ATTACK_MS - 3_000);
    const attackLoop = await loopReport(pid, loopFile);
    await attacked;
    const attackMainMs = cpuBetween(pid, attackStartCpu, cpuOf(pid)).main;
    clearInterval(sampler);
    const after = memoryOf(pid);
    console.log(
      `abuse (${database.url ? 'PostgreSQL' : 'embedded PGlite'}): one key hammering (2 loops of 20-simulation batches at 500 steps, 2 of single simulations, 1 of 10 MB bodies) for ${ATTACK_MS / 1000} s`,
    );
    console.log(`  unloaded reference   /healthz ${reference.health}   other workspace get-campaign ${reference.read}`);
    console.log(`  under attack         /healthz ${loaded.health}   other workspace get-campaign ${loaded.read}`);
    console.log(`  server, unloaded     ${referenceLoop}`);
    console.log(`  server, attacked     ${attackLoop}`);
    console.log(`  server CPU           unloaded ${referenceCpuShare}; attacked ${attackCpuShare}`);
    console.log(
      `  server memory        before ${before.now.toFixed(0)} MiB, highest sampled ${peakNow.toFixed(0)} MiB, peak (VmHWM) ${after.peak.toFixed(0)} MiB`,
    );
    console.log(`  the attacker got     ${attackOutput.trim()}`);
    const requests = Number((JSON.parse(attackOutput) as { requests?: number }).requests ?? 0);
    console.log(
      `  main thread CPU      ${attackMainMs} ms over the attack, ${(attackMainMs / Math.max(1, requests)).toFixed(1)} ms per attack request (probes included)`,
    );
    const verdict =
      loaded.p99 <= GOAL_P99_MS && after.peak < GOAL_RSS_MB ? 'ok' : `OVER GOAL (p99 ≤ ${GOAL_P99_MS} ms, < ${GOAL_RSS_MB} MB)`;
    console.log(`  verdict              ${verdict}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** With DATABASE_URL: a fresh database on that PostgreSQL server (the server process then holds no embedded one); else none. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { drop: async () => undefined };
  const name = `cs_abuse_${process.pid}_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

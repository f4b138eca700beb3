import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createWorkspace } from '../src/server/admin/ops';
import { loadConfig } from '../src/server/config';
import { startServer, type RunningServer } from '../src/server/main';
import { childEnv, startServerProcess } from '../src/server/testing/processes';
import { startReceiver, type Receiver } from '../src/server/testing/webhooks';

/**
 * Webhook isolation (contract 8.3), against a real server over real HTTP on the embedded database:
 * - one hanging receiver in workspace B vs one delivery to a healthy endpoint in workspace A;
 * - 16 hanging endpoints in B vs 50 healthy deliveries in A (latency from the save to the receipt);
 * - retry gaps of a failing (500) endpoint in A vs the configured WEBHOOK_RETRY_DELAYS_MS, while B hangs;
 * - redeliver's answer time when the receiver hangs;
 * - SIGTERM → exit of a server process with an attempt hanging in flight.
 * Attempt timeout: the default (10 s). Goal: A unaffected by B, gaps within 20 %, exit ≤ 2 s, redeliver at once.
 */

const RETRY_DELAYS = [200, 400];
const ENV = { WEBHOOK_RETRY_DELAYS_MS: RETRY_DELAYS.join(','), WEBHOOK_POLL_MS: '100' };
const BASE = '/api/v1/webhook-endpoints';
const ms = (n: number) => `${Math.round(n)} ms`;

interface Ws {
  apiKey: string;
}

async function call(server: { url: string }, ws: Ws, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function workspace(server: RunningServer, slug: string): Promise<Ws> {
  const { workspaceId } = await createWorkspace(server.db, slug);
  return createApiKey(server.db, [workspaceId]);
}

const endpoint = async (server: RunningServer, ws: Ws, url: string) =>
  (await call(server, ws, 'POST', BASE, { url, eventTypes: ['inspiration.saved'] })).body.endpointId as string;
const save = (server: RunningServer, ws: Ws, text: string) => call(server, ws, 'POST', '/api/v1/content/inspiration', { text });

/** Save in A, wait for A's receiver to get it: the latency of one healthy delivery. */
async function oneHealthyDelivery(server: RunningServer, a: Ws, healthy: Receiver): Promise<number> {
  const before = healthy.received.length;
  const start = Date.now();
  await save(server, a, `healthy ${start}`);
  await healthy.waitFor(before + 1, 60_000);
  return healthy.received[before].at - start;
}

export async function runWebhookIsolation(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-wh-'));
  const config = loadConfig({ ...process.env, ...ENV, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', DATABASE_URL: '' });
  const server = await startServer(config);
  const receivers: Receiver[] = [];
  const receiver = async (status = 204) => {
    const r = await startReceiver(status);
    receivers.push(r);
    return r;
  };
  try {
    const a = await workspace(server, 'bench-a');
    const b = await workspace(server, 'bench-b');
    const healthy = await receiver(204);
    await endpoint(server, a, healthy.url);
    const hanging = await receiver(204);
    hanging.state.hang = true;

    const idle = await oneHealthyDelivery(server, a, healthy);
    await endpoint(server, b, `${hanging.url}?n=0`);
    await save(server, b, 'hang one');
    await hanging.waitFor(1, 10_000);
    const withOneHanging = await oneHealthyDelivery(server, a, healthy);
    console.log(`  one delivery in A: idle ${ms(idle)}; while 1 receiver in B hangs ${ms(withOneHanging)}`);

    for (let i = 1; i < 16; i++) await endpoint(server, b, `${hanging.url}?n=${i}`);
    const hungBefore = hanging.received.length;
    await save(server, b, 'hang sixteen');
    await hanging.waitFor(hungBefore + 1, 30_000);
    const before = healthy.received.length;
    const start = Date.now();
    const sent: number[] = [];
    for (let i = 0; i < 50; i++) {
      sent.push(Date.now());
      await save(server, a, `burst ${i}`);
    }
    await healthy.waitFor(before + 50, 120_000);
    const latencies = healthy.received.slice(before, before + 50).map((r) => {
      const i = Number(/burst (\d+)/.exec(r.body)![1]);
      return r.at - sent[i];
    });
    latencies.sort((x, y) => x - y);
    console.log(
      `  50 deliveries in A while 16 endpoints in B hang: all arrived after ${ms(healthy.received[before + 49].at - start)};` +
        ` latency p50 ${ms(latencies[24])}, max ${ms(latencies[49])} (B's hanging requests so far: ${hanging.received.length})`,
    );

    const failing = await receiver(500);
    const failingWs = await workspace(server, 'bench-a2');
    await endpoint(server, failingWs, failing.url);
    await save(server, failingWs, 'fails');
    await failing.waitFor(RETRY_DELAYS.length + 1, 120_000);
    const gaps = failing.received.slice(1).map((r, i) => r.at - failing.received[i].at);
    console.log(
      `  retry gaps of a failing endpoint in A (B still hanging): ${gaps.map(ms).join(', ')} — configured ${RETRY_DELAYS.map(ms).join(', ')}`,
    );

    const flaky = await receiver(204);
    const flakyWs = await workspace(server, 'bench-a3');
    const flakyId = await endpoint(server, flakyWs, flaky.url);
    await save(server, flakyWs, 'delivered then redelivered');
    await flaky.waitFor(1, 60_000);
    let delivered: { deliveryId: string } | undefined;
    for (let i = 0; i < 200 && !delivered; i++) {
      const items = (await call(server, flakyWs, 'GET', `${BASE}/${flakyId}/deliveries`)).body.items as {
        deliveryId: string;
        status: string;
      }[];
      delivered = items.find((d) => d.status === 'delivered');
      if (!delivered) await new Promise((r) => setTimeout(r, 50));
    }
    flaky.state.hang = true;
    const t0 = Date.now();
    const answer = await call(server, flakyWs, 'POST', `${BASE}/${flakyId}/deliveries/${delivered!.deliveryId}/redeliver`, {
      idempotencyKey: 'bench-redeliver-1',
    });
    console.log(`  redeliver to a hanging receiver answered ${answer.status} (${answer.body?.status}) after ${ms(Date.now() - t0)}`);
  } finally {
    for (const r of receivers) await r.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server process with one attempt hanging in flight: SIGTERM → exit. */
export async function runWebhookShutdown(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-wh-proc-'));
  const apiKey = `bench-webhooks-sigterm-${'k'.repeat(20)}`;
  const hanging = await startReceiver(204, { hang: true });
  const proc = await startServerProcess(childEnv(dataDir, { ...ENV, DEMO_API_KEY: apiKey, DEMO_DATA: '0' }));
  try {
    const ws = { apiKey };
    await call(proc, ws, 'POST', BASE, { url: hanging.url, eventTypes: [] });
    await call(proc, ws, 'POST', '/api/v1/content/inspiration', { text: 'hang during shutdown' });
    await hanging.waitFor(1, 10_000);
    const start = Date.now();
    proc.child.kill('SIGTERM');
    const exit = await proc.exited;
    console.log(`  SIGTERM with an attempt hanging in flight: exited (code ${exit.code}) after ${ms(Date.now() - start)}`);
  } finally {
    proc.child.kill('SIGKILL');
    await hanging.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

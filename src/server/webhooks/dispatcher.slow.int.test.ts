import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, startServerProcess, type ServerProcess } from '../testing/processes';
import { eventually, startReceiver, type Receiver } from '../testing/webhooks';

/**
 * Contract 8.3 with dedicated server processes (settings the shared server does not have):
 * WEBHOOK_TIMEOUT_MS=600, WEBHOOK_DISABLE_AFTER_HOURS≈2 s. On PostgreSQL (DATABASE_URL set) two
 * processes share one fresh database and the isolation rule is checked across them.
 */

const KEY = `dispatcher-tests-demo-key-${'d'.repeat(16)}`;
const BASE = '/api/v1/webhook-endpoints';
const onPg = Boolean(process.env.DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'cs-disp-'));
const dbName = `cs_disp_${process.pid}_${Date.now()}`;
const dbUrl = () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
};
const env = () =>
  childEnv(dataDir, {
    DEMO_API_KEY: KEY,
    DEMO_DATA: '0',
    WEBHOOK_TIMEOUT_MS: '600',
    WEBHOOK_DISABLE_AFTER_HOURS: String(2 / 3600),
    WEBHOOK_RETRY_DELAYS_MS: '300,300,300,300,300,300,300,300,300,300',
    WEBHOOK_POLL_MS: '100',
    ...(onPg ? { DATABASE_URL: dbUrl() } : {}),
  });

const servers: ServerProcess[] = [];
const receivers: Receiver[] = [];
const receiver = async (status = 204) => {
  const r = await startReceiver(status);
  receivers.push(r);
  return r;
};

async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const endpointFor = async (server: ServerProcess, url: string) =>
  (await call(server, 'POST', BASE, { url, eventTypes: ['inspiration.saved'] })).body.endpointId as string;
const save = (server: ServerProcess, text: string) => call(server, 'POST', '/api/v1/content/inspiration', { text });
const deliveriesOf = async (server: ServerProcess, endpointId: string) =>
  (await call(server, 'GET', `${BASE}/${endpointId}/deliveries`)).body.items as any[];
const detail = async (server: ServerProcess, endpointId: string, deliveryId: string) =>
  (await call(server, 'GET', `${BASE}/${endpointId}/deliveries/${deliveryId}`)).body;

beforeAll(async () => {
  if (onPg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  servers.push(await startServerProcess(env(), 240_000));
  if (onPg) servers.push(await startServerProcess(env(), 240_000));
}, 500_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(receivers.map((r) => r.close()));
  rmSync(dataDir, { recursive: true, force: true });
  if (onPg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);

describe.sequential('dispatcher with its own processes (contract 8.3)', () => {
  it('a hanging receiver and a trickling body are cut at WEBHOOK_TIMEOUT_MS', async () => {
    const [server] = servers;
    const hanging = await receiver();
    hanging.state.hang = true;
    const slow = await receiver(200);
    slow.state.slowBody = true;
    const hangId = await endpointFor(server, hanging.url);
    const slowId = await endpointFor(server, slow.url);
    await save(server, 'timeouts');
    await hanging.waitFor(2, 10_000);
    const [hung] = await deliveriesOf(server, hangId);
    const hungDetail = await detail(server, hangId, hung.deliveryId);
    // Cut by its own timer (the error says so; timers never fire early), not left hanging.
    expect(hungDetail.attempts[0]).toMatchObject({ status: null, error: 'timed out after 0.6 s' });
    expect(hungDetail.attempts[0].durationMs).toBeGreaterThanOrEqual(550);
    // The body never ends: a delivery recorded with its status proves the attempt did not wait for it.
    const delivered = await eventually(async () => (await deliveriesOf(server, slowId)).find((d) => d.status === 'delivered'));
    const slowDetail = await detail(server, slowId, delivered.deliveryId);
    expect(slowDetail.attempts[0].status).toBe(200);
    await call(server, 'DELETE', `${BASE}/${hangId}`);
  }, 60_000);

  it('an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS is disabled ("failing") and its delivery held', async () => {
    const [server] = servers;
    const failing = await receiver(500);
    const id = await endpointFor(server, failing.url);
    await save(server, 'keeps failing');
    const endpoint = await eventually(async () => {
      const e = (await call(server, 'GET', `${BASE}/${id}`)).body;
      return e.status === 'disabled' && e;
    }, 15_000);
    expect(endpoint.disabledReason).toBe('failing');
    expect((await deliveriesOf(server, id)).map((d) => d.status)).toEqual(['held']);
  }, 60_000);

  it.runIf(onPg)(
    'two processes on PostgreSQL: 16 hanging endpoints do not delay a healthy delivery (< 1 s)',
    async () => {
      const hanging = await receiver();
      hanging.state.hang = true;
      for (let i = 0; i < 16; i++) await endpointFor(servers[i % 2], `${hanging.url}?n=${i}`);
      await save(servers[0], 'hang in both processes');
      await hanging.waitFor(16, 10_000);
      const healthy = await receiver(204);
      await endpointFor(servers[1], healthy.url);
      for (const server of servers) {
        const before = healthy.received.length;
        const start = Date.now();
        await save(server, `healthy via ${server.url}`);
        await healthy.waitFor(before + 1, 5000);
        expect(healthy.received[before].at - start).toBeLessThan(1000);
      }
      expect(hanging.received.length).toBeGreaterThanOrEqual(16);
    },
    60_000,
  );

  it(
    'SIGTERM with an attempt hanging in flight cuts it at once (recorded as interrupted, not timed out) and exits; the attempt is retried',
    { timeout: 300_000 },
    async () => {
      // A process of its own whose attempts time out only after 30 s: on a busy machine SIGTERM may
      // take longer than the other tests' 0.6 s to arrive, and the cut must be SIGTERM's, not the timeout's.
      for (const server of servers.splice(0)) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const stopping = [await startServerProcess({ ...env(), WEBHOOK_TIMEOUT_MS: '30000' }, 240_000)];
      const hanging = await receiver();
      hanging.state.hang = true;
      const id = await endpointFor(stopping[0], hanging.url);
      await save(stopping[0], 'hang during shutdown');
      await hanging.waitFor(1, 10_000);
      for (const server of stopping) server.child.kill('SIGTERM');
      for (const server of stopping) expect((await server.exited).code).toBe(0);
      hanging.state.hang = false;
      // Not disabled for failing however long the restart takes (the 2 s window is the test above's).
      const next = await startServerProcess({ ...env(), WEBHOOK_DISABLE_AFTER_HOURS: '24' }, 240_000);
      servers.push(next);
      const d = await eventually(async () => (await deliveriesOf(next, id)).find((x) => x.status === 'delivered'), 60_000).catch(
        async (err: Error) => {
          const state = { deliveries: await deliveriesOf(next, id), endpoint: (await call(next, 'GET', `${BASE}/${id}`)).body };
          throw new Error(`${err.message}: ${JSON.stringify(state)}`);
        },
      );
      const full = await detail(next, id, d.deliveryId);
      expect(full.attempts[0].error).toMatch(/interrupted/);
      expect(full.attempts.at(-1).status).toBe(204);
    },
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, startServerProcess, type ServerProcess } from '../testing/processes';
import { NO_ANSWER_RECORDED } from './attempts';
import { eventually, startReceiver, type Receiver } from '../testing/webhooks';

/**
 * kill -9 during an attempt: the attempt was counted when it was claimed, so after the restart the
 * delivery's `attempts` equals what the receiver saw (it de-duplicates on webhook-id), and the lost
 * attempt shows as one whose answer was never recorded. On PostgreSQL (DATABASE_URL) a fresh database.
 */

const KEY = `crash-tests-demo-key-${'c'.repeat(16)}`;
const BASE = '/api/v1/webhook-endpoints';
const onPg = Boolean(process.env.DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'cs-crash-'));
const dbName = `cs_crash_${process.pid}_${Date.now()}`;
const dbUrl = () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
};
const env = () =>
  childEnv(dataDir, {
    DEMO_API_KEY: KEY,
    DEMO_DATA: '0',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_DELAYS_MS: '200,200,200',
    WEBHOOK_POLL_MS: '100',
    ...(onPg ? { DATABASE_URL: dbUrl() } : {}),
  });

let server: ServerProcess | undefined;
let receiver: Receiver;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server!.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  if (onPg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  receiver = await startReceiver(204);
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (onPg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);

describe('an attempt cut by kill -9', () => {
  it('is counted: after the restart `attempts` equals the requests the receiver saw, the lost one shown without an answer', async () => {
    // A timeout far beyond the kill: the attempt is still in flight when it lands, however slow the machine.
    server = await startServerProcess({ ...env(), WEBHOOK_TIMEOUT_MS: '10000' }, 240_000);
    receiver.state.hang = true;
    const endpointId = (await call('POST', BASE, { url: receiver.url, eventTypes: ['inspiration.saved'] })).body.endpointId as string;
    expect((await call('POST', '/api/v1/content/inspiration', { text: 'sent, then the server dies' })).status).toBe(201);
    await receiver.waitFor(1, 20_000);
    server.child.kill('SIGKILL');
    await server.exited;
    receiver.state.hang = false;

    server = await startServerProcess(env(), 240_000);
    const delivery = await eventually(async () => {
      const items = (await call('GET', `${BASE}/${endpointId}/deliveries`)).body.items as {
        status: string;
        deliveryId: string;
        attempts: number;
      }[];
      return items.find((d) => d.status === 'delivered');
    }, 120_000); // the lost attempt's lease (3 × its 10 s timeout + 5 s) runs out first
    const detail = (await call('GET', `${BASE}/${endpointId}/deliveries/${delivery.deliveryId}`)).body;
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(detail.attempts).toHaveLength(receiver.received.length);
    expect(detail.attempts[0]).toMatchObject({ status: null, error: NO_ANSWER_RECORDED });
    expect(detail.attempts.at(-1).status).toBe(204);
    expect(delivery.attempts).toBe(receiver.received.length);
  }, 600_000);
});

import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { api, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { deliveryDetailSchema, deliverySchema, endpointSchema, recoverResultSchema, rotatedSecretSchema } from './schemas';
import { eventually, refusingUrl, sleep, startReceiver, type Receiver } from '../testing/webhooks';

/** Contract 8.3 on the shared server (retry delays 300,300; poll 100 ms; attempt timeout 10 s). */

const BASE = '/api/v1/webhook-endpoints';
const DELAY = 300;
/** Never early; late by at most 20 % plus the claim's latency (a poll, a busy machine): the receiver sees wall-clock gaps. */
const LATEST_GAP = DELAY * 1.2 + 200;
const receivers: Receiver[] = [];
const receiver = async (status = 204) => {
  const r = await startReceiver(status);
  receivers.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpointFor(ws: TestWorkspace, url: string, eventTypes: string[] = ['inspiration.saved']) {
  const res = await api(ws.apiKey, 'POST', BASE, { url, eventTypes });
  expect(res.status).toBe(201);
  return res.body as { endpointId: string; secret: string };
}
const save = (ws: TestWorkspace, text: string) => api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text });
const deliveries = async (ws: TestWorkspace, endpointId: string, query = '') =>
  (await api(ws.apiKey, 'GET', `${BASE}/${endpointId}/deliveries${query}`)).body.items as any[];
const detail = async (ws: TestWorkspace, endpointId: string, deliveryId: string) =>
  deliveryDetailSchema.parse((await api(ws.apiKey, 'GET', `${BASE}/${endpointId}/deliveries/${deliveryId}`)).body);
const gaps = (r: Receiver) => r.received.slice(1).map((q, i) => q.at - r.received[i].at);
const textOf = (body: string) => (JSON.parse(body) as { data: { text: string } }).data.text;

describe('isolation (contract 8.3)', () => {
  // "Not delayed" as events, not a stopwatch: A's delivery and retries all land while every hanging attempt is still held
  // open (none reached its 10 s timeout), so none of them waited for the hangs.
  it('16 hanging endpoints in B delay neither a delivery in A nor A’s retry schedule (never early)', async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const hanging = await receiver();
    hanging.state.hang = true;
    for (let i = 0; i < 16; i++) await endpointFor(b, `${hanging.url}?n=${i}`);
    await save(b, 'hang everywhere');
    await hanging.waitFor(16, 5000);

    const healthy = await receiver(204);
    await endpointFor(a, healthy.url);
    const failing = await receiver(500);
    const failingWs = await newWorkspace();
    await endpointFor(failingWs, failing.url);
    await save(a, 'healthy one');
    await save(failingWs, 'fails thrice');
    await healthy.waitFor(1, 20_000);
    await failing.waitFor(3, 20_000);
    expect(hanging.cut()).toBe(0);
    for (const gap of gaps(failing)) expect(gap).toBeGreaterThanOrEqual(DELAY * 0.8);
    expect(hanging.received.length).toBeGreaterThanOrEqual(16); // still hanging all along
  });
});

describe('endpoint status (contract 8.3)', () => {
  it('PATCH disables (new events held, not attempted) and enables (held ones sent in order); edits url and event types', async () => {
    const ws = await newWorkspace();
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url);
    const off = await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { status: 'disabled' });
    expect(off.status).toBe(200);
    expect(endpointSchema.strict().parse(off.body)).toMatchObject({ status: 'disabled', disabledReason: 'manual' });
    for (let i = 0; i < 5; i++) await save(ws, `held ${i}`);
    await sleep(400);
    expect(r.received).toHaveLength(0);
    const held = await deliveries(ws, ep.endpointId, '?status=held');
    expect(held).toHaveLength(5);
    expect(held.every((d) => d.attempts === 0 && d.nextAttemptAt === null)).toBe(true);

    const on = await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { status: 'enabled' });
    expect(on.body).toMatchObject({ status: 'enabled', disabledReason: null });
    await r.waitFor(5);
    expect(r.received.map((q) => textOf(q.body))).toEqual(['held 0', 'held 1', 'held 2', 'held 3', 'held 4']);
    await eventually(async () => (await deliveries(ws, ep.endpointId)).every((d) => d.status === 'delivered'));

    const other = await receiver(204);
    const edited = await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { url: other.url, eventTypes: ['campaign.launched'] });
    expect(edited.body).toMatchObject({ url: other.url, eventTypes: ['campaign.launched'], status: 'enabled' });
    await save(ws, 'not subscribed any more');
    await sleep(400);
    expect(other.received).toHaveLength(0);
  });

  it('PATCH validates: bad status, bad URL, unstorable text, unknown property, foreign endpoint', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const ep = await endpointFor(ws, 'https://hooks.example/x');
    for (const body of [{ status: 'paused' }, { url: 'ftp://x.example' }, { url: 'https://x.example/\u0000' }, { secret: 'x' }]) {
      const res = await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'invalid_request']);
    }
    expect((await api(other.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { status: 'disabled' })).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}`)).body).toMatchObject({
      status: 'enabled',
      url: 'https://hooks.example/x',
    });
  });

  it('410 disables the endpoint ("gone"); the delivery and later events are held, then sent on enable', async () => {
    const ws = await newWorkspace();
    const r = await receiver(410);
    const ep = await endpointFor(ws, r.url);
    await save(ws, 'gone 1');
    await r.waitFor(1);
    const gone = await eventually(async () => {
      const e = (await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}`)).body;
      return e.status === 'disabled' && e;
    });
    expect(gone.disabledReason).toBe('gone');
    await save(ws, 'gone 2');
    await sleep(300);
    expect(r.received).toHaveLength(1);
    expect((await deliveries(ws, ep.endpointId)).map((d) => d.status)).toEqual(['held', 'held']);
    r.state.status = 204;
    await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { status: 'enabled' });
    await r.waitFor(3);
    expect(r.received.map((q) => textOf(q.body))).toEqual(['gone 1', 'gone 1', 'gone 2']);
  });
});

describe('attempts (contract 8.3)', () => {
  it('Retry-After on 429/503 is honoured (0 s: at once) and capped at the largest configured delay', async () => {
    const ws = await newWorkspace();
    const soon = await receiver(503);
    soon.state.headers = { 'retry-after': '0' };
    await endpointFor(ws, soon.url);
    const capped = await receiver(429);
    capped.state.headers = { 'retry-after': '3600' };
    const ws2 = await newWorkspace();
    await endpointFor(ws2, capped.url);
    await save(ws, 'retry soon');
    await save(ws2, 'retry capped');
    await soon.waitFor(3);
    await capped.waitFor(3);
    for (const gap of gaps(soon)) expect(gap).toBeLessThan(DELAY * 0.8);
    for (const gap of gaps(capped)) expect(gap).toBeLessThanOrEqual(LATEST_GAP);
  });

  it('delivery detail: every attempt (time, status, duration, ≤ 1 KiB excerpt) and the event body; nextAttemptAt while pending', async () => {
    const ws = await newWorkspace();
    const r = await receiver(500);
    r.state.body = 'x'.repeat(5000);
    const ep = await endpointFor(ws, r.url);
    const saved = (await save(ws, 'inspect me')).body;
    await r.waitFor(1);
    // An attempt counts from when it is sent; its answer is recorded a moment later.
    const pending = await eventually(async () =>
      (await deliveries(ws, ep.endpointId)).find((d) => d.attempts === 1 && d.lastResponseStatus !== null),
    );
    expect(deliverySchema.strict().parse(pending)).toMatchObject({ status: 'pending', lastResponseStatus: 500 });
    const next = Date.parse(pending.nextAttemptAt);
    expect(next).toBeGreaterThan(Date.parse(pending.createdAt));
    r.state.status = 200;
    r.state.body = '{"ok":true}';
    await r.waitFor(2);
    const d = await eventually(async () => {
      const x = await detail(ws, ep.endpointId, pending.deliveryId);
      return x.status === 'delivered' && x;
    });
    expect(d.nextAttemptAt).toBeNull();
    expect(d.attempts.map((a) => [a.status, a.responseBodyExcerpt.length])).toEqual([
      [500, 1024],
      [200, 11],
    ]);
    expect(d.attempts[1].responseBodyExcerpt).toBe('{"ok":true}');
    expect(d.attempts.every((a) => a.durationMs >= 0 && Date.parse(a.at) >= Date.parse(d.createdAt))).toBe(true);
    expect(d.body).toMatchObject({ type: 'inspiration.saved', data: saved, id: d.eventId });
    expect(JSON.stringify(d.body)).toBe(r.received[0].body);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}/deliveries/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}/deliveries/nope`)).status).toBe(400);
  });

  it('a refused connection is a failed attempt without a status, retried, then exhausted', async () => {
    const ws = await newWorkspace();
    const ep = await endpointFor(ws, await refusingUrl());
    await save(ws, 'nobody listens');
    const d = await eventually(async () => (await deliveries(ws, ep.endpointId)).find((x) => x.status === 'exhausted'));
    const full = await detail(ws, ep.endpointId, d.deliveryId);
    expect(full.attempts).toHaveLength(3);
    expect(full.attempts.every((a) => a.status === null && /network error/.test(a.error ?? ''))).toBe(true);
  });

  it('filters deliveries by status and event type', async () => {
    const ws = await newWorkspace();
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url, []);
    await save(ws, 'one');
    await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/test`);
    await r.waitFor(2);
    await eventually(async () => (await deliveries(ws, ep.endpointId, '?status=delivered')).length === 2);
    expect((await deliveries(ws, ep.endpointId, '?eventType=webhook.test')).map((d) => d.eventType)).toEqual(['webhook.test']);
    expect(await deliveries(ws, ep.endpointId, '?eventType=inspiration.saved&status=exhausted')).toEqual([]);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}/deliveries?eventType=nope`)).status).toBe(400);
  });
});

describe('operator actions (contract 8.3)', () => {
  it('test event: 202 a webhook.test delivery with body data {endpointId, example} — example: the latest real event it receives', async () => {
    const ws = await newWorkspace();
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url);
    // Before any real event: no example.
    expect((await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/test`)).status).toBe(202);
    const [first] = await r.waitFor(1);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: ep.endpointId, example: null } });
    const saved = (await save(ws, 'an idea worth keeping')).body;
    await r.waitFor(2);
    const res = await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/test`);
    expect(res.status).toBe(202);
    expect(deliverySchema.strict().parse(res.body)).toMatchObject({
      eventType: 'webhook.test',
      status: 'pending',
      endpointId: ep.endpointId,
    });
    const req = (await r.waitFor(3))[2]!;
    // The same envelope as a real event, and the real one's shape inside (its data as it was sent).
    const real = JSON.parse(r.received[1]!.body) as Record<string, unknown>;
    const test = new Webhook(ep.secret).verify(req.body, req.headers as Record<string, string>) as Record<string, unknown>;
    expect(Object.keys(test).sort()).toEqual(Object.keys(real).sort());
    expect(test).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: ep.endpointId, example: { type: 'inspiration.saved', data: real.data } },
    });
    expect((real.data as { id: string }).id).toBe(saved.id);
    expect((await api(ws.apiKey, 'POST', `${BASE}/00000000-0000-4000-8000-000000000000/test`, {})).status).toBe(404);
  });

  it('rotate-secret: two signatures (new, old) during the grace, both verify; graceHours 0 drops the old one', async () => {
    const ws = await newWorkspace();
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url);
    const res = await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/rotate-secret`, { graceHours: 2 });
    expect(res.status).toBe(200);
    const rotated = rotatedSecretSchema.strict().parse(res.body);
    expect(rotated.secret).not.toBe(ep.secret);
    expect(Date.parse(rotated.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
    await save(ws, 'signed twice');
    const [req] = await r.waitFor(1);
    const signature = String(req.headers['webhook-signature']);
    expect(signature.split(' ')).toHaveLength(2);
    const headers = req.headers as Record<string, string>;
    expect(new Webhook(rotated.secret).verify(req.body, headers)).toMatchObject({ type: 'inspiration.saved' });
    expect(new Webhook(ep.secret).verify(req.body, headers)).toMatchObject({ type: 'inspiration.saved' });
    // the new one comes first
    expect(() => new Webhook(rotated.secret).verify(req.body, { ...headers, 'webhook-signature': signature.split(' ')[0] })).not.toThrow();

    const again = await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/rotate-secret`, { graceHours: 0 });
    expect(again.body.previousSecretExpiresAt).toBeNull();
    await save(ws, 'signed once');
    const [, second] = await r.waitFor(2);
    const h2 = second.headers as Record<string, string>;
    expect(h2['webhook-signature'].split(' ')).toHaveLength(1);
    expect(() => new Webhook(again.body.secret).verify(second.body, h2)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(second.body, h2)).toThrow();
    for (const graceHours of [-1, 169, 'x'])
      expect((await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/rotate-secret`, { graceHours })).status).toBe(400);
  });

  it('recover: dry-run count, then every exhausted delivery of the window redelivered once per key', async () => {
    const ws = await newWorkspace();
    const r = await receiver(500);
    const ep = await endpointFor(ws, r.url);
    const since = new Date(Date.now() - 1000).toISOString();
    await save(ws, 'lost 1');
    await save(ws, 'lost 2');
    await r.waitFor(6);
    const exhausted = await eventually(async () => {
      const items = await deliveries(ws, ep.endpointId, '?status=exhausted');
      return items.length === 2 && items;
    });
    const path = `${BASE}/${ep.endpointId}/recover`;
    const dry = await api(ws.apiKey, 'POST', path, { since, dryRun: true, idempotencyKey: 'recover-key-1' });
    expect([dry.status, recoverResultSchema.strict().parse(dry.body)]).toEqual([200, { matched: 2 }]);
    const empty = await api(ws.apiKey, 'POST', path, {
      since: '2001-01-01T00:00:00Z',
      until: '2001-01-02T00:00:00Z',
      dryRun: true,
      idempotencyKey: 'recover-key-0',
    });
    expect(empty.body).toEqual({ matched: 0 });
    r.state.status = 204;
    const before = r.received.length;
    const res = await api(ws.apiKey, 'POST', path, { since, idempotencyKey: 'recover-key-1' });
    expect([res.status, res.body]).toEqual([202, { matched: 2, queued: 2 }]);
    const replay = await api(ws.apiKey, 'POST', path, { since, idempotencyKey: 'recover-key-1' });
    expect([replay.status, replay.body, replay.headers.get('idempotent-replayed')]).toEqual([202, { matched: 2, queued: 2 }, 'true']);
    await r.waitFor(before + 2);
    await sleep(400);
    expect(r.received).toHaveLength(before + 2);
    const redelivered = (await deliveries(ws, ep.endpointId)).filter((d) => d.redeliveryOf);
    expect(redelivered.map((d) => d.redeliveryOf).sort()).toEqual(exhausted.map((d) => d.deliveryId).sort());
    const other = await api(ws.apiKey, 'POST', path, { since: '2020-01-01T00:00:00Z', idempotencyKey: 'recover-key-1' });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    const cases: unknown[] = [
      { idempotencyKey: 'recover-key-2' },
      { since: 'yesterday', idempotencyKey: 'recover-key-2' },
      { since: '10000-01-01T00:00:00Z', idempotencyKey: 'recover-key-2' },
      { since, until: since, idempotencyKey: 'recover-key-2' },
      { since, idempotencyKey: 'short' },
      { since, dryRun: 'yes', idempotencyKey: 'recover-key-2' },
    ];
    for (const body of cases)
      expect([JSON.stringify(body), (await api(ws.apiKey, 'POST', path, body)).status]).toEqual([JSON.stringify(body), 400]);
  });

  it('recover skips a delivery whose redelivery is still pending or held', async () => {
    const ws = await newWorkspace();
    const r = await receiver(500);
    const ep = await endpointFor(ws, r.url);
    const since = new Date(Date.now() - 1000).toISOString();
    await save(ws, 'lost once');
    await r.waitFor(3);
    await eventually(async () => (await deliveries(ws, ep.endpointId, '?status=exhausted')).length === 1);
    // Disabled, the first recovery's redelivery stays held: a second recovery finds nothing to send.
    expect((await api(ws.apiKey, 'PATCH', `${BASE}/${ep.endpointId}`, { status: 'disabled' })).status).toBe(200);
    const path = `${BASE}/${ep.endpointId}/recover`;
    expect((await api(ws.apiKey, 'POST', path, { since, idempotencyKey: 'recover-held-1' })).body).toEqual({ matched: 1, queued: 1 });
    expect((await api(ws.apiKey, 'POST', path, { since, dryRun: true, idempotencyKey: 'recover-held-2' })).body).toEqual({ matched: 0 });
    expect((await api(ws.apiKey, 'POST', path, { since, idempotencyKey: 'recover-held-3' })).body).toEqual({ matched: 0, queued: 0 });
    expect((await deliveries(ws, ep.endpointId)).filter((d) => d.redeliveryOf)).toHaveLength(1);
  });
});

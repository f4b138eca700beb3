import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../testing/conversations';
import { api, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { deliveryPageSchema, deliverySchema } from './schemas';
import { eventually, sleep, startReceiver } from '../testing/webhooks';

const BASE = '/api/v1/webhook-endpoints';
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const receivers: Receiver[] = [];
const receiver = async (status = 204) => {
  const r = await startReceiver(status);
  receivers.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpointFor(ws: TestWorkspace, url: string, eventTypes: string[] = []) {
  const res = await api(ws.apiKey, 'POST', BASE, { url, eventTypes });
  expect(res.status).toBe(201);
  return res.body as { endpointId: string; secret: string };
}

const deliveries = async (ws: TestWorkspace, endpointId: string) =>
  (await api(ws.apiKey, 'GET', `${BASE}/${endpointId}/deliveries`)).body.items as any[];
const headers = (h: Record<string, unknown>) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

describe('webhook delivery (contract 6)', () => {
  it('delivers inspiration.saved signed per Standard Webhooks; the delivery becomes delivered', async () => {
    const ws = await newWorkspace();
    const r = await receiver(200);
    const ep = await endpointFor(ws, r.url);
    const saved = (await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'hook me', author: 'A' })).body;
    const [req] = await r.waitFor(1);
    const payload = new Webhook(ep.secret).verify(req.body, headers(req.headers)) as any;
    expect(payload).toMatchObject({ id: req.headers['webhook-id'], type: 'inspiration.saved', workspaceId: ws.workspaceId, data: saved });
    expect(req.headers['content-type']).toBe('application/json');
    const [d] = await eventually(async () => {
      const items = await deliveries(ws, ep.endpointId);
      return items[0]?.status === 'delivered' && items;
    });
    expect(deliverySchema.strict().parse(d)).toMatchObject({
      eventId: req.headers['webhook-id'],
      eventType: 'inspiration.saved',
      attempts: 1,
      lastResponseStatus: 200,
      redeliveryOf: null,
    });
    // another secret does not verify
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(req.body, headers(req.headers))).toThrow();
  });

  it('respects eventTypes and the workspace: conversation.message_received only, none from other workspaces', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url, ['conversation.message_received']);
    await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'not subscribed' });
    await ingest(other, { text: 'other workspace' });
    const { conversationId, messageId } = await ingest(ws, { text: 'subscribed', direction: 'inbound' });
    const [req] = await r.waitFor(1);
    await sleep(400);
    expect(r.received).toHaveLength(1);
    const body = new Webhook(ep.secret).verify(req.body, headers(req.headers)) as any;
    expect(body).toMatchObject({
      type: 'conversation.message_received',
      data: { conversationId, messageId, text: 'subscribed', direction: 'inbound' },
    });
    expect((await deliveries(ws, ep.endpointId)).map((d) => d.eventType)).toEqual(['conversation.message_received']);
  });

  it('a deleted endpoint gets nothing more', async () => {
    const ws = await newWorkspace();
    const r = await receiver(204);
    const ep = await endpointFor(ws, r.url);
    await api(ws.apiKey, 'DELETE', `${BASE}/${ep.endpointId}`);
    await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'after delete' });
    await sleep(500);
    expect(r.received).toHaveLength(0);
  });

  describe('retries, exhaustion and redelivery', () => {
    let ws: TestWorkspace;
    let r: Receiver;
    let ep: { endpointId: string; secret: string };
    let exhausted: any;

    beforeAll(async () => {
      ws = await newWorkspace();
      r = await receiver(500);
      ep = await endpointFor(ws, r.url);
      await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'will fail' });
      // test config: retry delays [300, 300] → 3 attempts, then exhausted
      await r.waitFor(3);
      exhausted = await eventually(async () => (await deliveries(ws, ep.endpointId)).find((d) => d.status === 'exhausted'));
    });

    it('retries with the same webhook-id and byte-identical body, then exhausts', async () => {
      expect(exhausted).toMatchObject({ attempts: 3, lastResponseStatus: 500, redeliveryOf: null });
      await sleep(700);
      expect(r.received).toHaveLength(3);
      expect(new Set(r.received.map((q) => q.headers['webhook-id'])).size).toBe(1);
      expect(new Set(r.received.map((q) => q.body)).size).toBe(1);
      for (const q of r.received) new Webhook(ep.secret).verify(q.body, headers(q.headers));
      expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(250);
    });

    it('redelivers: 202 new delivery, same webhook-id, identical body, fresh signature; replay is 200 without a send', async () => {
      r.state.status = 200;
      const before = r.received.length;
      await sleep(1100 - (Date.now() - r.received[before - 1].at)); // a new second → a new timestamp
      const path = `${BASE}/${ep.endpointId}/deliveries/${exhausted.deliveryId}/redeliver`;
      const res = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'redeliver-0001' });
      expect(res.status).toBe(202);
      expect(Object.keys(res.body)).toEqual([
        'deliveryId',
        'redeliveryOf',
        'endpointId',
        'eventId',
        'eventType',
        'status',
        'attempts',
        'lastResponseStatus',
        'createdAt',
        'nextAttemptAt',
      ]);
      // Contract 8.3: answered at once with the pending delivery; the dispatcher sends it right away.
      expect(deliverySchema.parse(res.body)).toMatchObject({
        redeliveryOf: exhausted.deliveryId,
        endpointId: ep.endpointId,
        eventId: exhausted.eventId,
        eventType: 'inspiration.saved',
        status: 'pending',
        attempts: 0,
        lastResponseStatus: null,
      });
      expect(res.body.nextAttemptAt).not.toBeNull();
      expect(res.body.deliveryId).not.toBe(exhausted.deliveryId);
      await r.waitFor(before + 1);
      await eventually(async () =>
        (await deliveries(ws, ep.endpointId)).find((d) => d.deliveryId === res.body.deliveryId && d.status === 'delivered'),
      );
      const [first, again] = [r.received[0], r.received[before]];
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(again.body).toBe(first.body);
      expect(again.headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
      expect(Number(again.headers['webhook-timestamp'])).toBeGreaterThan(Number(first.headers['webhook-timestamp']));
      new Webhook(ep.secret).verify(again.body, headers(again.headers));

      const replay = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'redeliver-0001', workspaceId: ws.workspaceId });
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(res.body);
      await sleep(300);
      expect(r.received).toHaveLength(before + 1);

      const listed = deliveryPageSchema.parse((await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}/deliveries`)).body);
      expect(listed.items.map((d) => d.deliveryId)).toEqual([res.body.deliveryId, exhausted.deliveryId]);
      const onlyExhausted = await api(ws.apiKey, 'GET', `${BASE}/${ep.endpointId}/deliveries?status=exhausted`);
      expect(onlyExhausted.body.items.map((d: any) => d.deliveryId)).toEqual([exhausted.deliveryId]);

      // the same key for another delivery → 422; a redelivery can itself be redelivered with a new key
      const reused = await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/deliveries/${res.body.deliveryId}/redeliver`, {
        idempotencyKey: 'redeliver-0001',
      });
      expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
      const second = await api(ws.apiKey, 'POST', `${BASE}/${ep.endpointId}/deliveries/${res.body.deliveryId}/redeliver`, {
        idempotencyKey: 'redeliver-0002',
      });
      expect([second.status, second.body.redeliveryOf]).toEqual([202, res.body.deliveryId]);
      await r.waitFor(before + 2);
    });

    it('20 concurrent requests with one key send exactly once', async () => {
      r.state.status = 200;
      r.state.delayMs = 300;
      const before = r.received.length;
      const path = `${BASE}/${ep.endpointId}/deliveries/${exhausted.deliveryId}/redeliver`;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => api(ws.apiKey, 'POST', path, { idempotencyKey: 'concurrent-key-1' })),
      );
      const statuses = results.map((x) => x.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(1);
      expect(statuses.every((s) => s === 202 || s === 200 || s === 409)).toBe(true);
      for (const x of results.filter((x) => x.status === 409)) expect(x.body.code).toBe('idempotency_in_progress');
      await r.waitFor(before + 1);
      await sleep(500);
      r.state.delayMs = 0;
      expect(r.received.length - before).toBe(1);
      const after = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'concurrent-key-1' });
      expect(after.status).toBe(200);
      expect(after.body).toEqual(results.find((x) => x.status === 202)!.body);
    });

    it('answers at once while the receiver hangs (contract 8.3)', async () => {
      r.state.hang = true;
      const before = r.received.length;
      const cutBefore = r.cut();
      const path = `${BASE}/${ep.endpointId}/deliveries/${exhausted.deliveryId}/redeliver`;
      const res = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'hanging-key-0001' });
      // Answered before the hanging attempt ended (its 10 s timeout cuts it): the answer did not wait for the send.
      expect(r.cut()).toBe(cutBefore);
      expect([res.status, res.body.status]).toEqual([202, 'pending']);
      await r.waitFor(before + 1);
      r.state.hang = false;
    });

    it('refuses pending deliveries (409 delivery_not_redeliverable) and frees the key', async () => {
      r.state.status = 500;
      r.state.delayMs = 0;
      const before = r.received.length;
      await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'pending one' });
      await r.waitFor(before + 1);
      const pending = await eventually(async () =>
        (await deliveries(ws, ep.endpointId)).find((d) => d.status === 'pending' && d.attempts >= 1),
      );
      const path = `${BASE}/${ep.endpointId}/deliveries/${pending.deliveryId}/redeliver`;
      const res = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'pending-key-01' });
      expect([res.status, res.body.code]).toEqual([409, 'delivery_not_redeliverable']);
      await eventually(async () =>
        (await deliveries(ws, ep.endpointId)).find((d) => d.deliveryId === pending.deliveryId && d.status === 'exhausted'),
      );
      r.state.status = 204;
      const later = await api(ws.apiKey, 'POST', path, { idempotencyKey: 'pending-key-01' });
      expect([later.status, later.body.status]).toEqual([202, 'pending']);
      await eventually(async () =>
        (await deliveries(ws, ep.endpointId)).find((d) => d.deliveryId === later.body.deliveryId && d.lastResponseStatus === 204),
      );
    });

    it('validates input and scope', async () => {
      const path = `${BASE}/${ep.endpointId}/deliveries/${exhausted.deliveryId}/redeliver`;
      const other = await newWorkspace();
      const cases: [string, string, unknown, number, string][] = [
        ['key too short', path, { idempotencyKey: 'short' }, 400, 'invalid_request'],
        ['key too long', path, { idempotencyKey: 'k'.repeat(201) }, 400, 'invalid_request'],
        ['key missing', path, {}, 400, 'invalid_request'],
        ['key a number', path, { idempotencyKey: 12345678 }, 400, 'invalid_request'],
        ['unknown property', path, { idempotencyKey: 'valid-key-1', force: true }, 400, 'invalid_request'],
        [
          'workspace differs body vs query',
          `${path}?workspaceId=${other.workspaceId}`,
          { idempotencyKey: 'valid-key-1', workspaceId: ws.workspaceId },
          400,
          'invalid_request',
        ],
        ['foreign workspace', path, { idempotencyKey: 'valid-key-1', workspaceId: other.workspaceId }, 404, 'workspace_not_found'],
        [
          'bad endpoint UUID',
          `${BASE}/nope/deliveries/${exhausted.deliveryId}/redeliver`,
          { idempotencyKey: 'valid-key-1' },
          400,
          'invalid_request',
        ],
        [
          'bad delivery UUID',
          `${BASE}/${ep.endpointId}/deliveries/nope/redeliver`,
          { idempotencyKey: 'valid-key-1' },
          400,
          'invalid_request',
        ],
        [
          'unknown delivery',
          `${BASE}/${ep.endpointId}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
          { idempotencyKey: 'valid-key-1' },
          404,
          'not_found',
        ],
      ];
      const before = r.received.length;
      for (const [name, p, body, status, code] of cases) {
        const res = await api(ws.apiKey, 'POST', p, body);
        expect([name, res.status, res.body.code]).toEqual([name, status, code]);
      }
      expect((await api(ws.apiKey, 'POST', path, '{"idempotencyKey":', { 'Content-Type': 'application/json' })).status).toBe(400);
      // another workspace's key sees neither the endpoint nor the delivery
      const foreign = await api(other.apiKey, 'POST', path, { idempotencyKey: 'valid-key-1' });
      expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
      // a delivery of another endpoint of the same workspace is not found under this one
      const ep2 = await endpointFor(ws, 'https://elsewhere.example/x');
      const wrongEndpoint = await api(ws.apiKey, 'POST', `${BASE}/${ep2.endpointId}/deliveries/${exhausted.deliveryId}/redeliver`, {
        idempotencyKey: 'valid-key-1',
      });
      expect([wrongEndpoint.status, wrongEndpoint.body.code]).toEqual([404, 'not_found']);
      // the same workspace in body and query is fine
      const same = await api(ws.apiKey, 'POST', `${path}?workspaceId=${ws.workspaceId}`, {
        idempotencyKey: 'valid-key-2',
        workspaceId: ws.workspaceId,
      });
      expect(same.status).toBe(202);
      await r.waitFor(before + 1);
      await sleep(300);
      expect(r.received.length - before).toBe(1);
    });
  });
});

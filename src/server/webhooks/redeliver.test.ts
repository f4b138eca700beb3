import { describe, expect, it } from 'vitest';
import { embeddedWebhooks } from '../testing/embedded-webhooks';
import type { Db } from '../db/types';
import { emitEvent } from '../events';
import { apiFailure } from '../testing/api-failure';
import { startWebhookDispatcher } from './dispatcher';
import { createEndpoint, deleteEndpoint } from './queries';
import { redeliver } from './redeliver';
import { startReceiver } from '../testing/webhooks';

/**
 * Redelivery as a client sees it (contract 4 / 6), on an embedded database without HTTP: a new
 * delivery of the same event, idempotent per key (replayed with the same body), a key is bound to
 * one delivery, only delivered/exhausted deliveries qualify, a failed attempt frees the key.
 */
describe('redeliver', () => {
  const env = embeddedWebhooks('redeliver');

  let n = 0;
  /** A fresh event's delivery, set to `status`. */
  const deliveryWith = async (status: string) => {
    const eventId = await env.db.transaction((tx) => emitEvent(tx, env.workspaceId, 'inspiration.saved', { n: ++n }));
    const { id } = (await env.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1', [eventId])).rows[0]!;
    await env.db.query('UPDATE webhook_deliveries SET status = $2 WHERE id = $1', [id, status]);
    return { id, eventId };
  };
  const failure = apiFailure;

  it('a delivered delivery is sent again as a new delivery of the same event', async () => {
    const original = await deliveryWith('delivered');
    const first = await redeliver(env.db, env.config, env.workspaceId, env.endpointId, original.id, 'key-new');
    expect(first).toMatchObject({ status: 202, replayed: false });
    expect(first.body).toMatchObject({
      redeliveryOf: original.id,
      eventId: original.eventId,
      endpointId: env.endpointId,
      eventType: 'inspiration.saved',
    });
    expect(first.body.deliveryId).not.toBe(original.id);
    expect(first.body).not.toHaveProperty('retained');
  });

  it('the same key again replays the same answer, in the same key order, and sends nothing more', async () => {
    const original = await deliveryWith('exhausted');
    const first = await redeliver(env.db, env.config, env.workspaceId, env.endpointId, original.id, 'key-replay');
    const again = await redeliver(env.db, env.config, env.workspaceId, env.endpointId, original.id, 'key-replay');
    expect(again).toEqual({ status: 200, body: first.body, replayed: true });
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    const copies = await env.db.query('SELECT id FROM webhook_deliveries WHERE redelivery_of = $1', [original.id]);
    expect(copies.rows).toHaveLength(1);
  });

  it('a key already used for another delivery is 422 idempotency_key_reused', async () => {
    const a = await deliveryWith('delivered');
    const b = await deliveryWith('delivered');
    await redeliver(env.db, env.config, env.workspaceId, env.endpointId, a.id, 'key-bound');
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, b.id, 'key-bound'))).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
      detail: 'This idempotency key was already used to redeliver another delivery; use a new key.',
    });
  });

  it('a pending delivery is not redeliverable, says why, and frees its key', async () => {
    const pending = await deliveryWith('pending');
    const err = await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, pending.id, 'key-pending'));
    expect(err).toMatchObject({ status: 409, code: 'delivery_not_redeliverable', extras: { status: 'pending' } });
    expect(err.detail).toContain('this one is pending');
    const keys = await env.db.query('SELECT 1 FROM idempotency_keys WHERE workspace_id = $1 AND key = $2', [
      env.workspaceId,
      'key-pending',
    ]);
    expect(keys.rows).toHaveLength(0);
    // once it is delivered, the same key works
    await env.db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE id = $1`, [pending.id]);
    expect((await redeliver(env.db, env.config, env.workspaceId, env.endpointId, pending.id, 'key-pending')).status).toBe(202);
  });

  it('an old delivery is refused naming the retention period', async () => {
    const old = await deliveryWith('delivered');
    await env.db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    const err = await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, old.id, 'key-old'));
    expect(err).toMatchObject({ status: 409, code: 'delivery_not_redeliverable' });
    expect(err.detail).toContain('30-day retention');
  });

  it('a key still in progress is 409 idempotency_in_progress; a claim abandoned over two minutes ago is taken over', async () => {
    const d = await deliveryWith('delivered');
    await env.db.query(
      `INSERT INTO idempotency_keys (workspace_id, key, request, state)
       VALUES ($1, 'key-busy', jsonb_build_object('operation', 'redeliver', 'deliveryId', $2::text), 'in_progress')`,
      [env.workspaceId, d.id],
    );
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, d.id, 'key-busy'))).toMatchObject({
      status: 409,
      code: 'idempotency_in_progress',
      detail: 'A request with this idempotency key is still running; retry it later.',
    });
    await env.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '100 seconds' WHERE key = 'key-busy'`);
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, d.id, 'key-busy'))).toMatchObject({
      code: 'idempotency_in_progress',
    });
    await env.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '121 seconds' WHERE key = 'key-busy'`);
    expect(await redeliver(env.db, env.config, env.workspaceId, env.endpointId, d.id, 'key-busy')).toMatchObject({
      status: 202,
      replayed: false,
    });
  });

  it('unknown endpoint or delivery is 404 not_found', async () => {
    const d = await deliveryWith('delivered');
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, ghost, d.id, 'key-404a'))).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'Webhook endpoint not found.',
    });
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, env.endpointId, ghost, 'key-404b'))).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'Delivery not found.',
    });
  });

  it('a deleted endpoint’s delivery is not sent again (404), though it is still stored', async () => {
    const endpoint = await createEndpoint(env.db, env.workspaceId, 'http://192.0.2.2/hook', []);
    const eventId = await env.db.transaction((tx) => emitEvent(tx, env.workspaceId, 'inspiration.saved', { n: ++n }));
    await env.db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE event_id = $1`, [eventId]);
    const { id } = (
      await env.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1 AND endpoint_id = $2', [
        eventId,
        endpoint.endpointId,
      ])
    ).rows[0]!;
    await deleteEndpoint(env.db, env.workspaceId, endpoint.endpointId);
    expect(await failure(redeliver(env.db, env.config, env.workspaceId, endpoint.endpointId, id, 'key-deleted'))).toMatchObject({
      status: 404,
      detail: 'Webhook endpoint not found.',
    });
    expect((await env.db.query('SELECT 1 FROM webhook_deliveries WHERE redelivery_of = $1', [id])).rows).toEqual([]);
  });

  it('a key whose first request failed just before this one read it is 409 idempotency_in_progress (retry it)', async () => {
    const d = await deliveryWith('delivered');
    await env.db.query(
      `INSERT INTO idempotency_keys (workspace_id, key, request, state)
       VALUES ($1, 'key-freed', jsonb_build_object('operation', 'redeliver', 'deliveryId', $2::text), 'in_progress')`,
      [env.workspaceId, d.id],
    );
    // the first request fails and frees the key between this request's claim and its read of the key
    const freeing: Db = {
      ...env.db,
      query: async (sql, params) => {
        if (sql.startsWith('SELECT request = $3::jsonb AS same, state, response FROM idempotency_keys'))
          await env.db.query(`DELETE FROM idempotency_keys WHERE key = 'key-freed'`);
        return env.db.query(sql, params);
      },
    };
    expect(await failure(redeliver(freeing, env.config, env.workspaceId, env.endpointId, d.id, 'key-freed'))).toMatchObject({
      status: 409,
      code: 'idempotency_in_progress',
      detail: 'A request with this idempotency key just finished or failed; retry it.',
    });
  });

  it('is sent right away (contract 8.3), not at the dispatcher’s next poll', async () => {
    const receiver = await startReceiver(204);
    const endpoint = await createEndpoint(env.db, env.workspaceId, receiver.url, []);
    // a poll an hour away: only the wake-up of the redelivery can send it within the wait below
    const config = { ...env.config, webhookAllowPrivate: true, webhookPollMs: 3_600_000 };
    const eventId = await env.db.transaction((tx) => emitEvent(tx, env.workspaceId, 'inspiration.saved', { n: ++n }));
    await env.db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'pending'`);
    const original = (
      await env.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1 AND endpoint_id = $2', [
        eventId,
        endpoint.endpointId,
      ])
    ).rows[0]!;
    const dispatcher = startWebhookDispatcher({ db: env.db, config });
    try {
      const answer = await redeliver(env.db, config, env.workspaceId, endpoint.endpointId, original.id, 'key-wake');
      expect(answer.body).toMatchObject({ status: 'pending', attempts: 0 });
      const [request] = await receiver.waitFor(1, 15_000);
      const event = await env.db.query<{ body: string }>('SELECT body FROM events WHERE id = $1', [eventId]);
      expect(request!.headers['webhook-id']).toBe(eventId);
      expect(request!.body).toBe(event.rows[0]!.body);
    } finally {
      await dispatcher.stop();
      await receiver.close();
      await deleteEndpoint(env.db, env.workspaceId, endpoint.endpointId);
    }
  }, 20_000);
});

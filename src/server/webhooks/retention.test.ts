import { describe, expect, it } from 'vitest';
import { embeddedWebhooks } from '../testing/embedded-webhooks';
import { emitEvent } from '../events';
import { ApiError } from '../http/errors';
import { claimDue } from './attempts';
import { redeliver } from './redeliver';

/** Database-level checks that HTTP cannot reach: retention and the claim lease. */
describe('webhook retention and claiming', () => {
  const env = embeddedWebhooks('retention');

  const deliveryOf = async (eventId: string) =>
    (await env.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1', [eventId])).rows[0].id;

  it('a delivery older than the retention period is not redeliverable (409)', async () => {
    const eventId = await env.db.transaction((tx) => emitEvent(tx, env.workspaceId, 'inspiration.saved', { n: 1 }));
    const id = await deliveryOf(eventId);
    await env.db.query(`UPDATE webhook_deliveries SET status = 'delivered', created_at = now() - interval '31 days' WHERE id = $1`, [id]);
    const err = await redeliver(env.db, env.config, env.workspaceId, env.endpointId, id, 'old-delivery-key').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code]).toEqual([409, 'delivery_not_redeliverable']);
    await env.db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '29 days' WHERE id = $1`, [id]);
    const ok = await redeliver(env.db, env.config, env.workspaceId, env.endpointId, id, 'old-delivery-key');
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ redeliveryOf: id, status: 'pending', attempts: 0, lastResponseStatus: null });
  });

  it('claims a due delivery once until its lease expires', async () => {
    await env.db.query(`UPDATE webhook_deliveries SET status = 'exhausted'`);
    const eventId = await env.db.transaction((tx) => emitEvent(tx, env.workspaceId, 'campaign.launched', { n: 2 }));
    const first = await claimDue(env.db, env.config, 16);
    expect(first.map((d) => d.eventId)).toEqual([eventId]);
    expect(first[0].body).toBe((await env.db.query<{ body: string }>('SELECT body FROM events WHERE id = $1', [eventId])).rows[0].body);
    expect(await claimDue(env.db, env.config, 16)).toEqual([]);
    await env.db.query(`UPDATE webhook_deliveries SET locked_until = now() - interval '1 second' WHERE event_id = $1`, [eventId]);
    expect((await claimDue(env.db, env.config, 16)).map((d) => d.eventId)).toEqual([eventId]);
  });
});

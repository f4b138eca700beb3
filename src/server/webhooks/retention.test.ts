import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../admin/ops';
import { loadConfig, type Config } from '../config';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { emitEvent } from '../events';
import { ApiError } from '../http/errors';
import { claimDue } from './attempts';
import { createEndpoint } from './queries';
import { redeliver } from './redeliver';

/** Database-level checks that HTTP cannot reach: retention and the claim lease. */
describe('webhook retention and claiming', () => {
  let db: Db;
  let config: Config;
  let workspaceId: string;
  let endpointId: string;

  beforeAll(async () => {
    db = await openPglite(undefined);
    await migrate(db);
    config = { ...loadConfig({}), webhookRetentionDays: 30, webhookAllowPrivate: false };
    workspaceId = (await createWorkspace(db, 'retention')).workspaceId;
    // 192.0.2.x (TEST-NET) is refused by the guard, so nothing leaves this process
    endpointId = (await createEndpoint(db, workspaceId, 'http://192.0.2.1/hook', [])).endpointId;
  }, 60_000);
  afterAll(() => db?.close());

  const deliveryOf = async (eventId: string) =>
    (await db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1', [eventId])).rows[0].id;

  it('a delivery older than the retention period is not redeliverable (409)', async () => {
    const eventId = await db.transaction((tx) => emitEvent(tx, workspaceId, 'inspiration.saved', { n: 1 }));
    const id = await deliveryOf(eventId);
    await db.query(`UPDATE webhook_deliveries SET status = 'delivered', created_at = now() - interval '31 days' WHERE id = $1`, [id]);
    const err = await redeliver(db, config, workspaceId, endpointId, id, 'old-delivery-key').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code]).toEqual([409, 'delivery_not_redeliverable']);
    await db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '29 days' WHERE id = $1`, [id]);
    const ok = await redeliver(db, config, workspaceId, endpointId, id, 'old-delivery-key');
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ redeliveryOf: id, status: 'pending', attempts: 0, lastResponseStatus: null });
  });

  it('claims a due delivery once until its lease expires', async () => {
    await db.query(`UPDATE webhook_deliveries SET status = 'exhausted'`);
    const eventId = await db.transaction((tx) => emitEvent(tx, workspaceId, 'campaign.launched', { n: 2 }));
    const first = await claimDue(db, config, 16);
    expect(first.map((d) => d.eventId)).toEqual([eventId]);
    expect(first[0].body).toBe((await db.query<{ body: string }>('SELECT body FROM events WHERE id = $1', [eventId])).rows[0].body);
    expect(await claimDue(db, config, 16)).toEqual([]);
    await db.query(`UPDATE webhook_deliveries SET locked_until = now() - interval '1 second' WHERE event_id = $1`, [eventId]);
    expect((await claimDue(db, config, 16)).map((d) => d.eventId)).toEqual([eventId]);
  });
});

import { TEST_EVENT_TYPE, type PatchEndpointInput, type RecoverInput, type RecoverResult } from '../../domain/contract/webhooks';
import type { Db, Queryable } from '../db/types';
import { insertEvent } from '../events';
import { invalidRequest, notFound } from '../http/errors';
import { onceByKey } from '../http/idempotency';
import { disableEndpoint, enableEndpoint } from './attempts';
import { getDelivery, getEndpoint, insertDelivery, NEW_DELIVERY_STATE, updateEndpoint } from './queries';
import type { Delivery, Endpoint } from './schemas';
import { wakeWebhooks } from './wake';
import { toIso } from '../../domain/time';

/** Contract 8.3 operator actions on one endpoint: edit/enable/disable, recover a window, send a test event. */

/** PATCH: URL and event types as given; disabling holds what is pending, enabling releases what is held (in order). */
export async function patchEndpoint(db: Db, workspaceId: string, endpointId: string, change: PatchEndpointInput): Promise<Endpoint> {
  const updated = await db.transaction(async (tx) => {
    const current = await getEndpoint(tx, workspaceId, endpointId, true);
    if (!current) throw notFound('Webhook endpoint');
    if (change.url !== undefined || change.eventTypes !== undefined) await updateEndpoint(tx, endpointId, change);
    if (change.status === 'disabled' && current.status === 'enabled') await disableEndpoint(tx, endpointId, 'manual');
    if (change.status === 'enabled' && current.status === 'disabled') {
      await enableEndpoint(tx, endpointId);
      await wakeWebhooks(tx);
    }
    return (await getEndpoint(tx, workspaceId, endpointId))!;
  });
  return updated;
}

/**
 * Recover: every exhausted delivery of the endpoint created in [since, until) is redelivered (a new
 * delivery naming its original), unless a redelivery of it is already pending or held. dryRun only counts. One key → one answer: the same request again
 * replays it; another request under that key → 422 idempotency_key_reused.
 */
export async function recover(
  db: Db,
  workspaceId: string,
  endpointId: string,
  input: RecoverInput,
): Promise<{ status: 200 | 202; body: RecoverResult; replayed: boolean }> {
  if (!(await getEndpoint(db, workspaceId, endpointId))) throw notFound('Webhook endpoint');
  const since = toIso(input.since);
  const until = toIso(input.until ?? Date.now());
  if (until <= since) throw invalidRequest('The recovery window is empty.', [{ path: 'until', message: 'must be later than since' }]);
  // A delivery whose redelivery is still pending or held is on its way again: recovering it would send it twice.
  const window = `d.workspace_id = $1 AND d.endpoint_id = $2 AND d.status = 'exhausted' AND d.created_at >= $3 AND d.created_at < $4
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries r WHERE r.redelivery_of = d.id AND r.status IN ('pending', 'held'))`;
  if (input.dryRun) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${window}`, [
      workspaceId,
      endpointId,
      since,
      until,
    ]);
    return { status: 200, body: { matched: rows[0].n }, replayed: false };
  }
  const result = await onceByKey(
    db,
    {
      workspaceId,
      key: input.idempotencyKey,
      request: { operation: 'recover', endpointId, since, until: input.until === undefined ? null : until },
      reusedDetail: 'This idempotency key was already used for another recovery; use a new key.',
    },
    async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, redelivery_of, status, next_attempt_at)
         SELECT d.workspace_id, d.endpoint_id, d.event_id, d.id, ${NEW_DELIVERY_STATE('e')}
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE ${window}
         ORDER BY d.created_at, d.id`,
        [workspaceId, endpointId, since, until],
      );
      if (rowCount > 0) await wakeWebhooks(tx);
      return { matched: rowCount, queued: rowCount };
    },
  );
  return { status: 202, ...result };
}

/**
 * The latest real event this endpoint receives (one of its event types, any when it takes all), as
 * `{type, data}`; null when the workspace has none yet.
 */
async function latestRealEvent(
  tx: Queryable,
  workspaceId: string,
  eventTypes: readonly string[],
): Promise<{ type: string; data: unknown } | null> {
  const { rows } = await tx.query<{ type: string; body: string }>(
    `SELECT type, body FROM events WHERE workspace_id = $1 AND type <> $2 AND (cardinality($3::text[]) = 0 OR type = ANY($3::text[]))
     ORDER BY created_at DESC LIMIT 1`,
    [workspaceId, TEST_EVENT_TYPE, eventTypes],
  );
  const row = rows[0];
  return row ? { type: row.type, data: (JSON.parse(row.body) as { data: unknown }).data } : null;
}

/**
 * Contract 8.3: a `webhook.test` event for this endpoint only, body data `{endpointId}` — and, so a
 * receiver can try its handler on the shape it will get, `example`: the latest real event it receives
 * (`{type, data}`, its data as sent then), null before there is one.
 */
export async function sendTestEvent(db: Db, workspaceId: string, endpointId: string): Promise<Delivery> {
  const delivery = await db.transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, workspaceId, endpointId);
    if (!endpoint) throw notFound('Webhook endpoint');
    const example = await latestRealEvent(tx, workspaceId, endpoint.eventTypes);
    const eventId = await insertEvent(tx, workspaceId, TEST_EVENT_TYPE, { endpointId, example });
    const id = await insertDelivery(tx, { workspaceId, endpointId, eventId, redeliveryOf: null });
    await wakeWebhooks(tx);
    const { retained: _retained, ...created } = (await getDelivery(tx, workspaceId, endpointId, id))!;
    return created;
  });
  return delivery;
}

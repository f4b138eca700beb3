import { TEST_EVENT_TYPE, type PatchEndpointInput, type RecoverInput, type RecoverResult } from '../../domain/contract/webhooks';
import type { Db } from '../db/types';
import { insertEvent } from '../events';
import { ApiError, invalidRequest, notFound } from '../http/errors';
import { disableEndpoint, enableEndpoint } from './attempts';
import { getDelivery, getEndpoint, insertDelivery, updateEndpoint } from './queries';
import type { Delivery, Endpoint } from './schemas';
import { wakeWebhooks } from './wake';

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

/** The stored form of a recover request, to tell a replay from another request under the same key. */
const requestOf = (endpointId: string, input: RecoverInput) =>
  JSON.stringify({
    endpointId,
    since: new Date(input.since).toISOString(),
    until: input.until === undefined ? null : new Date(input.until).toISOString(),
  });

/**
 * Recover: every exhausted delivery of the endpoint created in [since, until) is redelivered (a new
 * delivery naming its original). dryRun only counts. One key → one answer: the same request again
 * replays it; another request under that key → 422 idempotency_key_reused.
 */
export async function recover(
  db: Db,
  workspaceId: string,
  endpointId: string,
  input: RecoverInput,
): Promise<{ status: 200 | 202; body: RecoverResult; replayed: boolean }> {
  if (!(await getEndpoint(db, workspaceId, endpointId))) throw notFound('Webhook endpoint');
  const since = new Date(input.since).toISOString();
  const until = new Date(input.until ?? Date.now()).toISOString();
  if (until <= since) throw invalidRequest('The recovery window is empty.', [{ path: 'until', message: 'must be later than since' }]);
  const window = `d.workspace_id = $1 AND d.endpoint_id = $2 AND d.status = 'exhausted' AND d.created_at >= $3 AND d.created_at < $4`;
  if (input.dryRun) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${window}`, [
      workspaceId,
      endpointId,
      since,
      until,
    ]);
    return { status: 200, body: { matched: rows[0].n }, replayed: false };
  }
  const request = requestOf(endpointId, input);
  const result = await db.transaction(async (tx) => {
    // Concurrent requests with one key: the second INSERT waits for the first to commit, then replays it.
    const claim = await tx.query(
      `INSERT INTO webhook_recoveries (workspace_id, key, endpoint_id, request, response) VALUES ($1, $2, $3, $4::jsonb, '{}'::jsonb)
       ON CONFLICT (workspace_id, key) DO NOTHING RETURNING key`,
      [workspaceId, input.idempotencyKey, endpointId, request],
    );
    if (claim.rows.length === 0) {
      const { rows } = await tx.query<{ request: unknown; response: unknown }>(
        'SELECT request, response FROM webhook_recoveries WHERE workspace_id = $1 AND key = $2',
        [workspaceId, input.idempotencyKey],
      );
      const asObject = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
      const prior = asObject(rows[0].request);
      const mine = JSON.parse(request) as Record<string, unknown>;
      if (prior.endpointId !== mine.endpointId || prior.since !== mine.since || prior.until !== mine.until)
        throw new ApiError(422, 'idempotency_key_reused', 'This idempotency key was already used for another recovery; use a new key.');
      const stored = asObject(rows[0].response);
      return { body: { matched: Number(stored.matched), queued: Number(stored.queued) }, replayed: true };
    }
    const { rowCount } = await tx.query(
      `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, redelivery_of, status, next_attempt_at)
       SELECT d.workspace_id, d.endpoint_id, d.event_id, d.id, CASE WHEN e.status = 'enabled' THEN 'pending' ELSE 'held' END,
         CASE WHEN e.status = 'enabled' THEN now() END
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE ${window}
       ORDER BY d.created_at, d.id`,
      [workspaceId, endpointId, since, until],
    );
    const body = { matched: rowCount, queued: rowCount };
    if (rowCount > 0) await wakeWebhooks(tx);
    await tx.query('UPDATE webhook_recoveries SET response = $3::jsonb WHERE workspace_id = $1 AND key = $2', [
      workspaceId,
      input.idempotencyKey,
      JSON.stringify(body),
    ]);
    return { body, replayed: false };
  });
  return { status: 202, ...result };
}

/** Contract 8.3: a `webhook.test` event for this endpoint only, body data `{endpointId}`. */
export async function sendTestEvent(db: Db, workspaceId: string, endpointId: string): Promise<Delivery> {
  const delivery = await db.transaction(async (tx) => {
    if (!(await getEndpoint(tx, workspaceId, endpointId))) throw notFound('Webhook endpoint');
    const eventId = await insertEvent(tx, workspaceId, TEST_EVENT_TYPE, { endpointId });
    const id = await insertDelivery(tx, { workspaceId, endpointId, eventId, redeliveryOf: null });
    await wakeWebhooks(tx);
    const { retained: _retained, ...created } = (await getDelivery(tx, workspaceId, endpointId, id))!;
    return created;
  });
  return delivery;
}

import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type DeliveryEventType, type EventType } from '../domain/contract/webhooks';
import type { Queryable } from './db/types';
import { wakeWebhooks } from './webhooks/wake';

export { EVENT_TYPES, type EventType };

/** Writes the event with its body frozen as text (`{"id","type","timestamp","workspaceId","data"}`); returns its id. */
export async function insertEvent(tx: Queryable, workspaceId: string, type: DeliveryEventType, data: unknown): Promise<string> {
  const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({ id: eventId, type, timestamp, workspaceId, data });
  await tx.query('INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
    eventId,
    workspaceId,
    type,
    body,
    timestamp,
  ]);
  return eventId;
}

/**
 * Contract 6: writes an event in the caller's transaction, and one delivery for each live endpoint
 * of the workspace that subscribes to the type (empty eventTypes = all): pending, or `held` while the
 * endpoint is disabled (contract 8.3). The dispatcher sends them after commit, byte-identical on
 * every attempt and redelivery.
 */
export async function emitEvent(tx: Queryable, workspaceId: string, type: EventType, data: unknown): Promise<string> {
  const eventId = await insertEvent(tx, workspaceId, type, data);
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, status, next_attempt_at)
     SELECT workspace_id, id, $2, CASE WHEN status = 'enabled' THEN 'pending' ELSE 'held' END, CASE WHEN status = 'enabled' THEN now() END
     FROM webhook_endpoints
     WHERE workspace_id = $1 AND deleted_at IS NULL AND (cardinality(event_types) = 0 OR $3 = ANY(event_types))`,
    [workspaceId, eventId, type],
  );
  if (rowCount > 0) await wakeWebhooks(tx);
  return eventId;
}

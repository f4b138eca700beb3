import { randomUUID } from 'node:crypto';
import type { Queryable } from './db/types';

/** Contract 6: the event kinds an endpoint may subscribe to (empty eventTypes = all). */
export const EVENT_TYPES = [
  'campaign.workflow_updated',
  'campaign.launched',
  'inspiration.saved',
  'conversation.message_received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Contract 6: writes an event in the caller's transaction with its body frozen as text, and one
 * pending delivery for each live endpoint of the workspace that subscribes to the type
 * (empty eventTypes = all). The dispatcher sends them after commit. The body is
 * `{"id","type","timestamp","workspaceId","data"}`, sent byte-identical on every attempt and redelivery.
 */
export async function emitEvent(tx: Queryable, workspaceId: string, type: EventType, data: unknown): Promise<string> {
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
  await tx.query(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id)
     SELECT workspace_id, id, $2 FROM webhook_endpoints
     WHERE workspace_id = $1 AND deleted_at IS NULL AND (cardinality(event_types) = 0 OR $3 = ANY(event_types))`,
    [workspaceId, eventId, type],
  );
  return eventId;
}

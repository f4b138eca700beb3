import type { OutboxEvent } from '../outbox';
import type { Queryable } from '../db/types';
import { NEW_DELIVERY_STATE } from './queries';
import { wakeWebhooks } from './wake';

/**
 * Outbox subscriber (contract 6): one delivery per event and live endpoint of the workspace that subscribes to
 * the event's type (empty eventTypes = all) — pending, or `held` while the endpoint is disabled
 * (contract 8.3). The dispatcher sends them after commit, byte-identical on every attempt.
 */
export async function queueDeliveries(tx: Queryable, events: readonly OutboxEvent[]): Promise<void> {
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, status, next_attempt_at)
     SELECT w.workspace_id, w.id, e.id, ${NEW_DELIVERY_STATE('w')}
     FROM webhook_endpoints w CROSS JOIN unnest($2::text[], $3::text[]) AS e(id, type)
     WHERE w.workspace_id = $1 AND w.deleted_at IS NULL AND (cardinality(w.event_types) = 0 OR e.type = ANY(w.event_types))`,
    [events[0].workspaceId, events.map((e) => e.id), events.map((e) => e.type)],
  );
  if (rowCount > 0) await wakeWebhooks(tx);
}

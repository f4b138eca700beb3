import type { OutboxEvent } from '../outbox';
import type { Queryable } from '../db/types';
import { wakeWebhooks } from './wake';

/**
 * Outbox subscriber (contract 6): one delivery per live endpoint of the workspace that subscribes to
 * the event's type (empty eventTypes = all) — pending, or `held` while the endpoint is disabled
 * (contract 8.3). The dispatcher sends them after commit, byte-identical on every attempt.
 */
export async function queueDeliveries(tx: Queryable, event: OutboxEvent): Promise<void> {
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, status, next_attempt_at)
     SELECT workspace_id, id, $2, CASE WHEN status = 'enabled' THEN 'pending' ELSE 'held' END, CASE WHEN status = 'enabled' THEN now() END
     FROM webhook_endpoints
     WHERE workspace_id = $1 AND deleted_at IS NULL AND (cardinality(event_types) = 0 OR $3 = ANY(event_types))`,
    [event.workspaceId, event.id, event.type],
  );
  if (rowCount > 0) await wakeWebhooks(tx);
}

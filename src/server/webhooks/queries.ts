import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import type { EventType } from '../events';
import type { Delivery, Endpoint } from './schemas';

/** SQL of webhook endpoints and deliveries (contract 6). Every query is scoped by workspace_id. */

interface EndpointRow {
  id: string;
  url: string;
  event_types: EventType[];
  created_at: Date;
}

const toEndpoint = (r: EndpointRow): Endpoint => ({
  endpointId: r.id,
  url: r.url,
  eventTypes: r.event_types,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Contract 6: `whsec_` + base64 of 24 random bytes (the Standard Webhooks secret form). */
export const generateSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export async function createEndpoint(
  db: Queryable,
  workspaceId: string,
  url: string,
  eventTypes: EventType[],
): Promise<Endpoint & { secret: string }> {
  const secret = generateSecret();
  const { rows } = await db.query<EndpointRow>(
    'INSERT INTO webhook_endpoints (workspace_id, url, event_types, secret) VALUES ($1, $2, $3::text[], $4) RETURNING id, url, event_types, created_at',
    [workspaceId, url, [...new Set(eventTypes)], secret],
  );
  return { ...toEndpoint(rows[0]), secret };
}

export async function getEndpoint(db: Queryable, workspaceId: string, id: string): Promise<Endpoint | undefined> {
  const { rows } = await db.query<EndpointRow>(
    'SELECT id, url, event_types, created_at FROM webhook_endpoints WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [id, workspaceId],
  );
  return rows[0] && toEndpoint(rows[0]);
}

/** Newest first, ties by id; fetches limit + 1. */
export async function listEndpoints(db: Queryable, workspaceId: string, limit: number, after?: [string, string]): Promise<Endpoint[]> {
  const params: unknown[] = [workspaceId, limit + 1];
  const keyset = after ? 'AND (created_at, id) < ($3::timestamptz, $4::uuid)' : '';
  if (after) params.push(...after);
  const { rows } = await db.query<EndpointRow>(
    `SELECT id, url, event_types, created_at FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL ${keyset}
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  return rows.map(toEndpoint);
}

/** Soft delete: deliveries stay readable in the database; pending ones are not sent any more. */
export async function deleteEndpoint(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [id, workspaceId],
  );
  return rowCount > 0;
}

interface DeliveryRow {
  id: string;
  redelivery_of: string | null;
  endpoint_id: string;
  event_id: string;
  event_type: EventType;
  status: Delivery['status'];
  attempts: number;
  last_response_status: number | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = `d.id, d.redelivery_of, d.endpoint_id, d.event_id, ev.type AS event_type, d.status, d.attempts,
  d.last_response_status, d.created_at`;

const toDelivery = (r: DeliveryRow): Delivery => ({
  deliveryId: r.id,
  redeliveryOf: r.redelivery_of,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  status: r.status,
  attempts: r.attempts,
  lastResponseStatus: r.last_response_status,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Newest first, ties by id; optional status; fetches limit + 1. */
export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  status: string | null,
  limit: number,
  after?: [string, string],
): Promise<Delivery[]> {
  const params: unknown[] = [workspaceId, endpointId];
  const where = ['d.workspace_id = $1', 'd.endpoint_id = $2'];
  if (status) {
    params.push(status);
    where.push(`d.status = $${params.length}`);
  }
  if (after) {
    params.push(...after);
    where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events ev ON ev.id = d.event_id
     WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toDelivery);
}

/** One delivery of the endpoint; `retained` = younger than the retention period (contract 6). */
export async function getDelivery(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  id: string,
  retentionDays = 30,
): Promise<(Delivery & { retained: boolean }) | undefined> {
  const { rows } = await db.query<DeliveryRow & { retained: boolean }>(
    `SELECT ${DELIVERY_COLUMNS}, d.created_at >= now() - ($4::double precision * interval '1 day') AS retained
     FROM webhook_deliveries d JOIN events ev ON ev.id = d.event_id WHERE d.id = $1 AND d.endpoint_id = $2 AND d.workspace_id = $3`,
    [id, endpointId, workspaceId, retentionDays],
  );
  return rows[0] && { ...toDelivery(rows[0]), retained: rows[0].retained };
}

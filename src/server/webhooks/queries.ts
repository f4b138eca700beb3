import { randomBytes } from 'node:crypto';
import type { DeliveryEventType, DeliveryStatus, EventType } from '../../domain/contract/webhooks';
import type { Queryable } from '../db/types';
import { maskUrlSecrets } from '../http/masked-url';
import type { Delivery, DeliveryDetail, Endpoint } from './schemas';
import { toIso } from '../../domain/time';

/** SQL of webhook endpoints and deliveries (contract 6, 8.3). Reads are scoped by workspace_id; a write by id follows a scoped read of the same endpoint. */

interface EndpointRow {
  id: string;
  url: string;
  event_types: EventType[];
  status: Endpoint['status'];
  disabled_reason: Endpoint['disabledReason'];
  created_at: Date;
}
const ENDPOINT_COLUMNS = 'id, url, event_types, status, disabled_reason, created_at';

const toEndpoint = (r: EndpointRow): Endpoint => ({
  endpointId: r.id,
  url: maskUrlSecrets(r.url),
  eventTypes: r.event_types,
  status: r.status,
  disabledReason: r.disabled_reason,
  createdAt: toIso(r.created_at),
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
    `INSERT INTO webhook_endpoints (workspace_id, url, event_types, secret) VALUES ($1, $2, $3::text[], $4) RETURNING ${ENDPOINT_COLUMNS}`,
    [workspaceId, url, [...new Set(eventTypes)], secret],
  );
  return { ...toEndpoint(rows[0]), secret };
}

export async function getEndpoint(db: Queryable, workspaceId: string, id: string, forUpdate = false): Promise<Endpoint | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
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
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL ${keyset}
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  return rows.map(toEndpoint);
}

/** Changes the URL and/or event types (status changes go through enable/disableEndpoint). */
export async function updateEndpoint(db: Queryable, id: string, change: { url?: string; eventTypes?: EventType[] }): Promise<void> {
  await db.query('UPDATE webhook_endpoints SET url = coalesce($2, url), event_types = coalesce($3::text[], event_types) WHERE id = $1', [
    id,
    change.url ?? null,
    change.eventTypes ? [...new Set(change.eventTypes)] : null,
  ]);
}

/** Contract 8.3: a new secret; the old one keeps signing (second signature) for graceHours. */
export async function rotateSecret(
  db: Queryable,
  id: string,
  graceHours: number,
): Promise<{ secret: string; previousSecretExpiresAt: string | null }> {
  const secret = generateSecret();
  const { rows } = await db.query<{ expires: Date | null }>(
    `UPDATE webhook_endpoints SET previous_secret = CASE WHEN $3 > 0 THEN secret END,
       previous_secret_expires_at = CASE WHEN $3 > 0 THEN date_trunc('milliseconds', now() + make_interval(secs => $3 / 1000.0)) END, secret = $2
     WHERE id = $1 RETURNING previous_secret_expires_at AS expires`,
    // Whole milliseconds: `$3 > 0` types the parameter as an integer, which a fraction of a second is not.
    [id, secret, Math.round(graceHours * 3_600_000)],
  );
  return { secret, previousSecretExpiresAt: rows[0].expires ? toIso(rows[0].expires) : null };
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
  event_type: DeliveryEventType;
  status: DeliveryStatus;
  attempts: number;
  last_response_status: number | null;
  created_at: Date;
  next_attempt_at: Date | null;
}

const DELIVERY_COLUMNS = `d.id, d.redelivery_of, d.endpoint_id, d.event_id, ev.type AS event_type, d.status, d.attempts,
  d.last_response_status, d.created_at, d.next_attempt_at`;

const toDelivery = (r: DeliveryRow): Delivery => ({
  deliveryId: r.id,
  redeliveryOf: r.redelivery_of,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  status: r.status,
  attempts: r.attempts,
  lastResponseStatus: r.last_response_status,
  createdAt: toIso(r.created_at),
  nextAttemptAt: r.status === 'pending' && r.next_attempt_at ? toIso(r.next_attempt_at) : null,
});

/** Newest first, ties by id; optional status and event type; fetches limit + 1. */
export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  filters: { status: string | null; eventType: string | null },
  limit: number,
  after?: [string, string],
): Promise<Delivery[]> {
  const params: unknown[] = [workspaceId, endpointId];
  const where = ['d.workspace_id = $1', 'd.endpoint_id = $2'];
  if (filters.status) {
    params.push(filters.status);
    where.push(`d.status = $${params.length}`);
  }
  if (filters.eventType) {
    params.push(filters.eventType);
    where.push(`ev.type = $${params.length}`);
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

/** Contract 8.3 delivery detail: its attempts, oldest first, and the event body. */
export async function getDeliveryDetail(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryDetail | undefined> {
  const { rows } = await db.query<DeliveryRow & { body: string }>(
    `SELECT ${DELIVERY_COLUMNS}, ev.body FROM webhook_deliveries d JOIN events ev ON ev.id = d.event_id
     WHERE d.id = $1 AND d.endpoint_id = $2 AND d.workspace_id = $3`,
    [id, endpointId, workspaceId],
  );
  if (!rows[0]) return undefined;
  const attempts = await db.query<{
    at: Date;
    status: number | null;
    duration_ms: number;
    response_body_excerpt: string;
    error: string | null;
  }>('SELECT at, status, duration_ms, response_body_excerpt, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id', [id]);
  return {
    ...toDelivery(rows[0]),
    attempts: attempts.rows.map((a) => ({
      at: toIso(a.at),
      status: a.status,
      durationMs: a.duration_ms,
      responseBodyExcerpt: a.response_body_excerpt,
      error: a.error,
    })),
    body: JSON.parse(rows[0].body) as unknown,
  };
}

/**
 * The status and first due time of a new delivery to endpoint `e` (SQL alias), as two select columns:
 * pending and due now, or held while the endpoint is disabled (contract 8.3).
 */
export const NEW_DELIVERY_STATE = (e: string): string =>
  `CASE WHEN ${e}.status = 'enabled' THEN 'pending' ELSE 'held' END, CASE WHEN ${e}.status = 'enabled' THEN now() END`;

/**
 * A new delivery of an existing event to the endpoint, due now (held while the endpoint is disabled);
 * `redeliveryOf` names the original (contract 6). Returns its id.
 */
export async function insertDelivery(
  db: Queryable,
  d: { workspaceId: string; endpointId: string; eventId: string; redeliveryOf: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, redelivery_of, status, next_attempt_at)
     SELECT $1, e.id, $3, $4, ${NEW_DELIVERY_STATE('e')}
     FROM webhook_endpoints e WHERE e.id = $2
     RETURNING id`,
    [d.workspaceId, d.endpointId, d.eventId, d.redeliveryOf],
  );
  return rows[0].id;
}

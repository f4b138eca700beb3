import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { claimCtes, type LeasedTable } from '../jobs/lease';
import type { SendOutcome } from './sender';
import { toIso } from '../../domain/time';

/**
 * Claiming and recording attempts (contract 6 and 8.3). Several processes may share one PostgreSQL:
 * a delivery is claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until) longer than one
 * attempt, so each attempt is made by one process; a process that dies mid-attempt loses its lease
 * and another retries. Leased deliveries are the attempts in flight: the per-endpoint cap counts them
 * across processes. An attempt is counted when it is claimed, before anything is sent: its row in
 * webhook_attempts says "no answer recorded" until the outcome replaces it, so after a crash the
 * count never under-reports what a receiver (which de-duplicates on webhook-id) may have seen.
 */

export interface ClaimedDelivery {
  id: string;
  /** The row of this attempt in webhook_attempts, written at claim. */
  attemptId: string;
  /** Attempts so far, this one included. */
  attempts: number;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  endpointDeleted: boolean;
  eventId: string;
  body: string;
}

type DispatchConfig = Pick<
  Config,
  'webhookRetryDelaysMs' | 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'webhookDisableAfterHours' | 'webhookEndpointConcurrency'
>;

/** What an attempt whose outcome never got recorded (a crashed process) shows. */
export const NO_ANSWER_RECORDED = 'no answer recorded: the server stopped during the attempt';

/** After the CTE `claimed`: each claimed delivery's attempt row, then what the attempt needs. */
const CLAIMED_SELECT = `intent AS (
    INSERT INTO webhook_attempts (delivery_id, duration_ms, error) SELECT id, 0, '${NO_ANSWER_RECORDED}' FROM claimed
    RETURNING id::text AS attempt_id, delivery_id)
  SELECT c.id, i.attempt_id AS "attemptId", c.attempts, c.endpoint_id AS "endpointId", e.url, e.secret,
    CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS "previousSecret",
    e.deleted_at IS NOT NULL AS "endpointDeleted", ev.id AS "eventId", ev.body
  FROM claimed c JOIN intent i ON i.delivery_id = c.id JOIN webhook_endpoints e ON e.id = c.endpoint_id JOIN events ev ON ev.id = c.event_id`;

/**
 * A retry due within this many ms stays leased to the process that made the attempt, which sends it
 * when due: the gap then follows the configured delay closely, without waiting for a poll. Longer
 * delays are released and claimed by whichever process polls first.
 */
export const KEEP_LEASE_MAX_MS = 5_000;

/** The lease outlasts an attempt with room for the database write after it. */
export const leaseSeconds = (config: Pick<Config, 'webhookTimeoutMs'>) => Math.ceil(config.webhookTimeoutMs / 1000) * 3 + 5;

/** Webhook deliveries as a leased table (jobs/lease.ts); indexes in migrations 009. */
const DELIVERIES: LeasedTable = {
  table: 'webhook_deliveries',
  key: 'endpoint_id',
  keys: 'SELECT id AS key FROM webhook_endpoints',
  due: `d.status = 'pending' AND d.next_attempt_at <= now() AND (d.released_at IS NULL OR NOT EXISTS (
      SELECT 1 FROM webhook_deliveries o WHERE o.endpoint_id = d.endpoint_id AND o.status = 'pending'
        AND o.released_at IS NOT NULL AND (o.created_at, o.id) < (d.created_at, d.id)))`,
  order: ['next_attempt_at', 'created_at', 'id'],
  set: 'attempts = d.attempts + 1',
  returning: 'd.id, d.attempts, d.endpoint_id, d.event_id',
};
const CLAIM_SQL = `WITH ${claimCtes(DELIVERIES)}, ${CLAIMED_SELECT}`;

/**
 * Claims up to `limit` due pending deliveries, at most `webhookEndpointConcurrency` in flight per
 * endpoint (counting every process's leases), oldest due first. A released held delivery waits until
 * the older released ones of its endpoint had their first attempt, so they are sent in order.
 */
export async function claimDue(db: Queryable, config: DispatchConfig, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(CLAIM_SQL, [limit, leaseSeconds(config), config.webhookEndpointConcurrency]);
  return rows;
}

/** Re-reads a retry this process kept leased (the endpoint may have changed meanwhile); undefined when it is no longer pending. */
export async function reclaim(db: Queryable, config: DispatchConfig, id: string): Promise<ClaimedDelivery | undefined> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH claimed AS (
       UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
       WHERE id = $1 AND status = 'pending'
       RETURNING id, attempts, endpoint_id, event_id),
     ${CLAIMED_SELECT}`,
    [id, leaseSeconds(config)],
  );
  return rows[0];
}

const clampMs = (ms: number) => Math.min(ms, 2_147_483_647);

/** One 2xx answer to record (`recordDelivered`). */
export interface DeliveredAttempt {
  d: ClaimedDelivery;
  outcome: SendOutcome;
  startedAt: Date;
}

/**
 * 2xx answers, any number in one statement (no transaction; an endpoint row is locked only when its
 * failing streak ends). Each attempt row gets its answer; a delivery becomes delivered only while
 * this attempt is still its latest: one whose lease ran out and was taken over by another attempt
 * (`attempts` moved on) is left to that attempt.
 */
export async function recordDelivered(db: Queryable, batch: readonly DeliveredAttempt[]): Promise<void> {
  if (batch.length === 0) return;
  await db.query(
    `WITH done AS (
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::uuid[])
         AS v(id, attempt_id, attempts, at, status, duration_ms, excerpt, endpoint_id)),
     attempt AS (
       UPDATE webhook_attempts a SET at = v.at, status = v.status, duration_ms = v.duration_ms, response_body_excerpt = v.excerpt, error = NULL
       FROM done v WHERE a.id = v.attempt_id),
     streak AS (
       UPDATE webhook_endpoints SET failing_since = NULL WHERE id IN (SELECT endpoint_id FROM done) AND failing_since IS NOT NULL)
     UPDATE webhook_deliveries d SET status = 'delivered', last_response_status = v.status, last_error = NULL, last_attempt_at = v.at,
       locked_until = NULL, released_at = NULL, next_attempt_at = NULL
     FROM done v WHERE d.id = v.id AND d.attempts = v.attempts`,
    [
      batch.map((b) => b.d.id),
      batch.map((b) => b.d.attemptId),
      batch.map((b) => b.d.attempts),
      batch.map((b) => toIso(b.startedAt)),
      batch.map((b) => b.outcome.status),
      batch.map((b) => clampMs(b.outcome.durationMs)),
      batch.map((b) => b.outcome.excerpt),
      batch.map((b) => b.d.endpointId),
    ],
  );
}

/**
 * Records one attempt of a claimed delivery and what follows from it, atomically:
 * - 2xx → delivered (the endpoint's failing streak ends);
 * - 410 → the endpoint is disabled ("gone") and this delivery is held with its other pending ones;
 * - otherwise the next retry after webhookRetryDelaysMs[attempts - 1] — or Retry-After of a 429/503,
 *   capped at the largest configured delay — or exhausted after the last one;
 * - a failure while the endpoint has failed for webhookDisableAfterHours disables it ("failing");
 * - an attempt cut by shutdown counts as failed but never exhausts: it is retried soon, by any process;
 * - a failure on a disabled endpoint holds the delivery (nothing is lost while an endpoint is off).
 * Returns the delay before the next attempt when one is due, else null; `kept` when this process keeps the lease until then.
 */
export async function recordAttempt(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  config: DispatchConfig,
  d: ClaimedDelivery,
  outcome: SendOutcome,
  startedAt: Date,
): Promise<{ retryInMs: number; kept: boolean } | null> {
  if (outcome.ok) {
    await recordDelivered(db, [{ d, outcome, startedAt }]);
    return null;
  }
  const attempts = d.attempts;
  const delays = config.webhookRetryDelaysMs;
  const maxDelay = Math.max(0, ...delays);
  let status: 'delivered' | 'pending' | 'exhausted' = outcome.ok ? 'delivered' : 'pending';
  let delayMs = 0;
  if (!outcome.ok && !outcome.interrupted) {
    if (d.endpointDeleted || attempts > delays.length) status = 'exhausted';
    else delayMs = outcome.retryAfterMs !== null ? Math.min(outcome.retryAfterMs, maxDelay) : delays[attempts - 1];
  }
  // The delay counts from the receiver's answer, not from when it was recorded.
  const answeredAt = new Date(startedAt.getTime() + outcome.durationMs);
  const keep = status === 'pending' && !outcome.interrupted && delayMs <= KEEP_LEASE_MAX_MS;
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE webhook_attempts SET at = $2, status = $3, duration_ms = $4, response_body_excerpt = $5, error = $6 WHERE id = $1::bigint',
      [d.attemptId, toIso(startedAt), outcome.status, clampMs(outcome.durationMs), outcome.excerpt, outcome.error],
    );
    const { rows } = await tx.query<{ disable: string | null }>(
      `UPDATE webhook_endpoints SET
         failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, $3::timestamptz) END
       WHERE id = $1
       RETURNING CASE
         WHEN status = 'disabled' THEN NULL
         WHEN $4 THEN 'gone'
         WHEN NOT $2 AND NOT $5 AND failing_since <= now() - make_interval(secs => $6) THEN 'failing'
       END AS disable`,
      [d.endpointId, outcome.ok, toIso(startedAt), outcome.status === 410, outcome.interrupted, config.webhookDisableAfterHours * 3600],
    );
    const disable = rows[0]?.disable;
    if (disable) await disableEndpoint(tx, d.endpointId, disable as 'gone' | 'failing');
    await tx.query(
      `UPDATE webhook_deliveries d SET attempts = $2, last_response_status = $4, last_error = $5, last_attempt_at = $7::timestamptz,
         locked_until = CASE WHEN $9 AND $3 = 'pending' AND e.status = 'enabled' THEN $8::timestamptz + make_interval(secs => $6::double precision + $10::double precision) END,
         released_at = NULL,
         status = CASE WHEN $3 = 'delivered' THEN 'delivered' WHEN e.status = 'disabled' AND e.deleted_at IS NULL THEN 'held' ELSE $3 END,
         next_attempt_at = CASE WHEN $3 = 'pending' AND (e.status = 'enabled' OR e.deleted_at IS NOT NULL)
           THEN $8::timestamptz + make_interval(secs => $6) END
       FROM webhook_endpoints e WHERE d.id = $1 AND e.id = d.endpoint_id`,
      [
        d.id,
        attempts,
        status,
        outcome.status,
        outcome.error,
        delayMs / 1000,
        toIso(startedAt),
        toIso(answeredAt),
        keep,
        leaseSeconds(config),
      ],
    );
  });
  return status === 'pending' ? { retryInMs: Math.max(0, answeredAt.getTime() + delayMs - Date.now()), kept: keep } : null;
}

/** Disables an endpoint: its pending deliveries not in flight are held (in-flight ones are held when their attempt fails). */
export async function disableEndpoint(tx: Queryable, endpointId: string, reason: 'manual' | 'gone' | 'failing'): Promise<void> {
  await tx.query(`UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2 WHERE id = $1`, [endpointId, reason]);
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL
     WHERE endpoint_id = $1 AND status = 'pending' AND (locked_until IS NULL OR locked_until < now())`,
    [endpointId],
  );
}

/** Enables an endpoint: its held deliveries become pending, to be sent in the order they were recorded. */
export async function enableEndpoint(tx: Queryable, endpointId: string): Promise<void> {
  await tx.query(`UPDATE webhook_endpoints SET status = 'enabled', disabled_reason = NULL, failing_since = NULL WHERE id = $1`, [
    endpointId,
  ]);
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), released_at = now()
     WHERE endpoint_id = $1 AND status = 'held'`,
    [endpointId],
  );
}

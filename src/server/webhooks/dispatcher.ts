import type { Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { ATTEMPT_TIMEOUT_MS, sendWebhook } from './sender';

/**
 * Contract 6 delivery worker. Several server processes may share one PostgreSQL: a delivery is
 * claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until) longer than one attempt, so each
 * attempt is made by one process; a process that dies mid-attempt loses its lease and another retries.
 */

const BATCH = 16;
/** The lease must outlast an attempt (10 s) with room for the database write after it. */
export const LEASE_SECONDS = Math.ceil(ATTEMPT_TIMEOUT_MS / 1000) * 3;
/** Contract 4: idempotency keys are kept at least 24 hours; we keep them 48. */
const IDEMPOTENCY_KEEP_HOURS = 48;
const PRUNE_EVERY_MS = 10 * 60_000;

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  url: string;
  secret: string;
  endpointDeleted: boolean;
  eventId: string;
  body: string;
}

const CLAIMED_SELECT = `SELECT c.id, c.attempts, e.url, e.secret, e.deleted_at IS NOT NULL AS "endpointDeleted", ev.id AS "eventId", ev.body
  FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id JOIN events ev ON ev.id = c.event_id`;

/** Claims due pending deliveries (lease = LEASE_SECONDS). */
export async function claimDue(db: Queryable, limit = BATCH): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH claimed AS (
       UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2)
       WHERE d.id IN (
         SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.attempts, d.endpoint_id, d.event_id)
     ${CLAIMED_SELECT}`,
    [limit, LEASE_SECONDS],
  );
  return rows;
}

/** Inserts a redelivery already leased to the caller (so the dispatcher leaves it alone) and returns it claimed. */
export async function insertLeasedRedelivery(
  db: Queryable,
  original: { workspaceId: string; endpointId: string; eventId: string; deliveryId: string },
): Promise<ClaimedDelivery> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH claimed AS (
       INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, redelivery_of, next_attempt_at, locked_until)
       VALUES ($1, $2, $3, $4, now(), now() + make_interval(secs => $5))
       RETURNING id, attempts, endpoint_id, event_id)
     ${CLAIMED_SELECT}`,
    [original.workspaceId, original.endpointId, original.eventId, original.deliveryId, LEASE_SECONDS],
  );
  return rows[0];
}

/**
 * One attempt of a claimed delivery, recorded: 2xx → delivered; otherwise the next retry after
 * webhookRetryDelaysMs[attempts - 1], or exhausted after the last one. Never throws for the send.
 */
export async function attemptDelivery(
  db: Queryable,
  config: Pick<Config, 'webhookRetryDelaysMs' | 'webhookAllowPrivate'>,
  d: ClaimedDelivery,
): Promise<void> {
  const outcome = d.endpointDeleted
    ? { ok: false, status: null, error: 'endpoint deleted' }
    : await sendWebhook({ url: d.url, secret: d.secret, eventId: d.eventId, body: d.body, allowPrivate: config.webhookAllowPrivate });
  const attempts = d.attempts + 1;
  const delays = config.webhookRetryDelaysMs;
  const exhausted = !outcome.ok && (d.endpointDeleted || attempts > delays.length);
  const status = outcome.ok ? 'delivered' : exhausted ? 'exhausted' : 'pending';
  const delayMs = status === 'pending' ? delays[attempts - 1] : 0;
  await db.query(
    `UPDATE webhook_deliveries SET attempts = $2, status = $3, last_response_status = $4, last_error = $5, last_attempt_at = now(),
       next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $6) ELSE NULL END, locked_until = NULL
     WHERE id = $1`,
    [d.id, attempts, status, outcome.status, outcome.error, delayMs / 1000],
  );
}

/** The WORKERS entry of main.ts: polls every webhookPollMs; stop() waits for in-flight sends. */
export function startWebhookDispatcher({ db, config }: { db: Db; config: Config }): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let current: Promise<void> = Promise.resolve();

  const tick = async (): Promise<number> => {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db.query(`DELETE FROM webhook_idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [
        IDEMPOTENCY_KEEP_HOURS,
      ]);
    }
    const claimed = await claimDue(db);
    await Promise.all(claimed.map((d) => attemptDelivery(db, config, d)));
    return claimed.length;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().then(
        (n) => schedule(n === BATCH ? 0 : config.webhookPollMs),
        (err) => {
          if (!stopped) console.error('[webhooks] dispatcher tick failed', err);
          schedule(config.webhookPollMs);
        },
      );
    }, delay);
  };
  schedule(config.webhookPollMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

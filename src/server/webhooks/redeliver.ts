import type { Config } from '../config';
import type { Db } from '../db/types';
import { ApiError, notFound } from '../http/errors';
import { getDelivery, getEndpoint, insertDelivery } from './queries';
import type { Delivery } from './schemas';
import { wakeWebhooks } from './wake';

/** A claim on an idempotency key older than this is from a process that died: it may be taken over. */
const STALE_CLAIM_SECONDS = 120;

export interface RedeliverResult {
  status: 200 | 202;
  body: Delivery;
  replayed: boolean;
}

/**
 * Spec 4.4 / contract 4: redeliver a retained delivered-or-exhausted delivery as a NEW delivery of
 * the same event (same webhook-id, byte-identical body, fresh timestamp and signature). It answers at
 * once with the new delivery, pending (contract 8.3: a slow receiver never holds the answer); the
 * dispatcher sends it right away.
 * The idempotency key is claimed atomically (INSERT … ON CONFLICT), so of any number of concurrent
 * requests with one key exactly one sends; the others get 409 idempotency_in_progress or, once it
 * is done, 200 with the same body (Idempotent-Replayed). Another delivery with that key → 422.
 */
export async function redeliver(
  db: Db,
  config: Config,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
  key: string,
): Promise<RedeliverResult> {
  if (!(await getEndpoint(db, workspaceId, endpointId))) throw notFound('Webhook endpoint');
  const original = await getDelivery(db, workspaceId, endpointId, deliveryId, config.webhookRetentionDays);
  if (!original) throw notFound('Delivery');

  const claim = await db.query(
    `INSERT INTO webhook_idempotency_keys AS k (workspace_id, key, delivery_id, state) VALUES ($1, $2, $3, 'in_progress')
     ON CONFLICT (workspace_id, key) DO UPDATE SET created_at = now()
       WHERE k.state = 'in_progress' AND k.delivery_id = excluded.delivery_id AND k.created_at < now() - make_interval(secs => $4)
     RETURNING k.key`,
    [workspaceId, key, deliveryId, STALE_CLAIM_SECONDS],
  );
  if (claim.rows.length === 0) return replay(db, workspaceId, key, deliveryId);

  try {
    if (!original.retained || (original.status !== 'delivered' && original.status !== 'exhausted')) {
      throw new ApiError(
        409,
        'delivery_not_redeliverable',
        original.retained
          ? `Only a delivered or exhausted delivery can be redelivered; this one is ${original.status}.`
          : `The delivery is older than the ${config.webhookRetentionDays}-day retention period.`,
        { status: original.status },
      );
    }
    // The new delivery and the key's answer commit together: a crash in between leaves neither.
    const delivery = await db.transaction(async (tx) => {
      const newId = await insertDelivery(tx, { workspaceId, endpointId, eventId: original.eventId, redeliveryOf: deliveryId });
      const { retained: _retained, ...created } = (await getDelivery(tx, workspaceId, endpointId, newId))!;
      await tx.query(`UPDATE webhook_idempotency_keys SET state = 'done', response = $3::jsonb WHERE workspace_id = $1 AND key = $2`, [
        workspaceId,
        key,
        JSON.stringify(created),
      ]);
      await wakeWebhooks(tx);
      return created;
    });
    return { status: 202, body: delivery, replayed: false };
  } catch (err) {
    // Nothing was sent (or the failure is recorded on the delivery): free the key for a retry.
    await db
      .query(`DELETE FROM webhook_idempotency_keys WHERE workspace_id = $1 AND key = $2 AND state = 'in_progress'`, [workspaceId, key])
      .catch(() => undefined);
    throw err;
  }
}

async function replay(db: Db, workspaceId: string, key: string, deliveryId: string): Promise<RedeliverResult> {
  const { rows } = await db.query<{ delivery_id: string; state: string; response: Delivery | string | null }>(
    'SELECT delivery_id, state, response FROM webhook_idempotency_keys WHERE workspace_id = $1 AND key = $2',
    [workspaceId, key],
  );
  const prior = rows[0];
  if (!prior) throw new ApiError(409, 'idempotency_in_progress', 'A request with this idempotency key just finished or failed; retry it.');
  if (prior.delivery_id !== deliveryId) {
    throw new ApiError(
      422,
      'idempotency_key_reused',
      'This idempotency key was already used to redeliver another delivery; use a new key.',
    );
  }
  if (prior.state !== 'done' || prior.response === null) {
    throw new ApiError(409, 'idempotency_in_progress', 'A request with this idempotency key is still running; retry it later.');
  }
  const stored = typeof prior.response === 'string' ? (JSON.parse(prior.response) as Delivery) : prior.response;
  // jsonb does not keep key order: rebuild it so the replay is the same JSON text as the first answer.
  const body: Delivery = {
    deliveryId: stored.deliveryId,
    redeliveryOf: stored.redeliveryOf,
    endpointId: stored.endpointId,
    eventId: stored.eventId,
    eventType: stored.eventType,
    status: stored.status,
    attempts: stored.attempts,
    lastResponseStatus: stored.lastResponseStatus,
    createdAt: stored.createdAt,
    nextAttemptAt: stored.nextAttemptAt ?? null,
  };
  return { status: 200, body, replayed: true };
}

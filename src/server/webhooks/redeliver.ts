import type { Config } from '../config';
import type { Db } from '../db/types';
import { ApiError, notFound } from '../http/errors';
import { onceByKey } from '../http/idempotency';
import { getDelivery, getEndpoint, insertDelivery } from './queries';
import type { Delivery } from './schemas';
import { wakeWebhooks } from './wake';

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
 * The key goes through the one idempotency mechanism (http/idempotency.ts): of concurrent requests
 * with one key exactly one sends; a replay is 200 with the same body (Idempotent-Replayed); another
 * delivery with that key → 422.
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

  const { body, replayed } = await onceByKey(
    db,
    {
      workspaceId,
      key,
      request: { operation: 'redeliver', deliveryId: original.deliveryId },
      reusedDetail: 'This idempotency key was already used to redeliver another delivery; use a new key.',
    },
    async (tx) => {
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
      const newId = await insertDelivery(tx, { workspaceId, endpointId, eventId: original.eventId, redeliveryOf: deliveryId });
      const { retained: _retained, ...created } = (await getDelivery(tx, workspaceId, endpointId, newId))!;
      await wakeWebhooks(tx);
      return created;
    },
  );
  return { status: replayed ? 200 : 202, body, replayed };
}

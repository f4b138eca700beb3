import type { Config } from '../config';
import type { Db } from '../db/types';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { batcher } from '../jobs/batcher';
import { startJobLoop, type JobLoop, type KeepingJobSource } from '../jobs/loop';
import { claimDue, reclaim, recordAttempt, recordDelivered, type ClaimedDelivery, type DeliveredAttempt } from './attempts';
import { countWebhookAttempt } from '../observe/metrics';
import { sendWebhook } from './sender';
import { WEBHOOK_CHANNEL } from './wake';

/**
 * Contract 6 / 8.3 delivery worker: webhook deliveries as a job source of the job loop. Attempts run
 * concurrently — at most webhookConcurrency in this process and webhookEndpointConcurrency per
 * endpoint across processes — and the claiming loop never waits for them: a hanging receiver holds
 * its own slots for at most webhookTimeoutMs and delays nobody else. stop() aborts the attempts in
 * flight (recorded as failed, retried soon by any process).
 */

/** 2xx answers recorded together: at most this many per statement, the first waiting this long for others. */
const DELIVERED_GROUP = { max: 64, waitMs: 2, isolateFailures: true };

/**
 * One attempt of a claimed delivery, sent and recorded; says when its next attempt is due, if any.
 * `delivered` records a 2xx (by default alone; the job source groups them); every other answer is
 * recorded in its own transaction (retry schedule, disabling).
 */
export async function attemptDelivery(
  db: Db,
  config: Config,
  d: ClaimedDelivery,
  signal?: AbortSignal,
  delivered: (attempt: DeliveredAttempt) => Promise<void> = (attempt) => recordDelivered(db, [attempt]),
) {
  const startedAt = new Date();
  const outcome = d.endpointDeleted
    ? { ok: false, status: null, error: 'endpoint deleted', excerpt: '', retryAfterMs: null, durationMs: 0, interrupted: false }
    : await sendWebhook({
        url: d.url,
        secret: d.secret,
        previousSecret: d.previousSecret,
        eventId: d.eventId,
        body: d.body,
        allowPrivate: config.webhookAllowPrivate,
        timeoutMs: config.webhookTimeoutMs,
        signal,
      });
  countWebhookAttempt(outcome.ok);
  if (outcome.ok) return delivered({ d, outcome, startedAt }).then(() => null);
  return recordAttempt(db, config, d, outcome, startedAt);
}

/**
 * Webhook deliveries as a job source: a retry due within KEEP_LEASE_MAX_MS stays with this process
 * (contract 8.3: the schedule holds); 2xx answers that arrive together are recorded together.
 */
export function webhookJobs(db: Db, config: Config): KeepingJobSource<ClaimedDelivery> {
  const delivered = batcher(async (batch: readonly DeliveredAttempt[]) => {
    await recordDelivered(db, batch);
    return batch.map(() => undefined);
  }, DELIVERED_GROUP);
  return {
    name: 'webhooks',
    channel: WEBHOOK_CHANNEL,
    claim: (limit) => claimDue(db, config, limit),
    async run(d, signal) {
      const next = await attemptDelivery(db, config, d, signal, delivered);
      return next?.kept ? { keepForMs: next.retryInMs } : undefined;
    },
    reclaim: (d) => reclaim(db, config, d.id),
    async release(items) {
      await db.query('UPDATE webhook_deliveries SET locked_until = NULL WHERE id = ANY($1::uuid[])', [items.map((d) => d.id)]);
    },
    maintain: () => pruneIdempotencyKeys(db),
  };
}

/** The WORKERS entry of main.ts. */
export function startWebhookDispatcher({ db, config }: { db: Db; config: Config }): JobLoop {
  return startJobLoop(db, webhookJobs(db, config), { concurrency: config.webhookConcurrency, pollMs: config.webhookPollMs });
}

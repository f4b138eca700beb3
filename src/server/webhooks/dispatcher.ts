import type { Config } from '../config';
import type { Db } from '../db/types';
import { claimDue, reclaim, recordAttempt, type ClaimedDelivery } from './attempts';
import { sendWebhook } from './sender';
import { onWake } from './wake';

/**
 * Contract 6 / 8.3 delivery worker. Attempts run concurrently — at most webhookConcurrency in this
 * process and webhookEndpointConcurrency per endpoint — and the claiming loop never waits for them:
 * a hanging receiver holds its own slots for at most webhookTimeoutMs and delays nobody else.
 * stop() aborts the attempts in flight (recorded as failed, retried soon by any process).
 */

const BATCH = 32;
/** Contract 4: idempotency keys are kept at least 24 hours; we keep them 48. */
const IDEMPOTENCY_KEEP_HOURS = 48;
const PRUNE_EVERY_MS = 10 * 60_000;
/** A wake comes from inside a transaction: give it a moment to commit before claiming. */
const WAKE_DELAY_MS = 15;

/** One attempt of a claimed delivery, sent and recorded; says when its next attempt is due, if any. */
export async function attemptDelivery(db: Db, config: Config, d: ClaimedDelivery, signal?: AbortSignal) {
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
  return recordAttempt(db, config, d, outcome, startedAt);
}

/** The WORKERS entry of main.ts. */
export function startWebhookDispatcher({ db, config }: { db: Db; config: Config }): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let lastPrune = 0;
  let ticking: Promise<void> | null = null;
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();
  /** Retries this process kept leased, by delivery id: sent when due (contract 8.3: the schedule holds). */
  const kept = new Map<string, NodeJS.Timeout>();
  const retryAt = (id: string, delayMs: number) => {
    const t = setTimeout(() => {
      if (stopped) return;
      const resend = reclaim(db, config, id).then(
        (d) => {
          kept.delete(id);
          if (d && !stopped) start(d);
        },
        (err) => {
          kept.delete(id);
          console.error('[webhooks] reclaiming a retry failed', err);
        },
      );
      inFlight.add(resend);
      void resend.finally(() => inFlight.delete(resend));
    }, delayMs);
    kept.set(id, t);
  };

  const prune = async () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db.query(`DELETE FROM webhook_idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [IDEMPOTENCY_KEEP_HOURS]);
    await db.query(`DELETE FROM webhook_recoveries WHERE created_at < now() - make_interval(hours => $1)`, [IDEMPOTENCY_KEEP_HOURS]);
  };

  const start = (d: ClaimedDelivery) => {
    const attempt = attemptDelivery(db, config, d, shutdown.signal)
      .then((next) => {
        if (next?.kept && !stopped) retryAt(d.id, next.retryInMs);
      })
      .catch((err) => console.error('[webhooks] recording an attempt failed', err))
      .finally(() => {
        inFlight.delete(attempt);
        schedule(0); // a slot is free: claim more now rather than at the next poll
      });
    inFlight.add(attempt);
  };

  /** One claim: as many due deliveries as there are free slots. Returns true when it filled them all. */
  const tick = async (): Promise<boolean> => {
    await prune();
    const free = Math.min(BATCH, config.webhookConcurrency - inFlight.size);
    if (free <= 0) return false;
    const claimed = await claimDue(db, config, free);
    for (const d of claimed) start(d);
    return claimed.length === free;
  };

  const run = () => {
    timer = undefined;
    dueAt = Infinity;
    if (stopped) return;
    if (ticking) return void ticking.then(() => schedule(0));
    ticking = tick().then(
      (full) => {
        ticking = null;
        schedule(full ? 0 : config.webhookPollMs);
      },
      (err) => {
        ticking = null;
        if (!stopped) console.error('[webhooks] dispatcher tick failed', err);
        schedule(config.webhookPollMs);
      },
    );
  };

  /** The next claim in `delay` ms, unless one is already due sooner. */
  function schedule(delay: number) {
    if (stopped || Date.now() + delay >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + delay;
    timer = setTimeout(run, delay);
  }

  const unsubscribe = onWake(() => schedule(WAKE_DELAY_MS));
  schedule(config.webhookPollMs);

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      for (const t of kept.values()) clearTimeout(t);
      shutdown.abort();
      await ticking;
      await Promise.all(inFlight);
      // Kept retries go back to the pool: another process (or the next start) sends them when due.
      if (kept.size > 0) await db.query('UPDATE webhook_deliveries SET locked_until = NULL WHERE id = ANY($1::uuid[])', [[...kept.keys()]]);
    },
  };
}

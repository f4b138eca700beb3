import type { Db, Queryable } from '../db/types';
import { backgroundLog } from '../observe/log';
import { countJobLoopError } from '../observe/metrics';

/**
 * The one job loop (claim → run) every background worker runs on. PostgreSQL itself is the queue: a
 * job source keeps its work in a table, leases due rows with FOR UPDATE SKIP LOCKED and a
 * `locked_until` (see `lease.ts`), so several processes share the work and a crashed process's rows
 * are taken over once its lease ends. The loop bounds the items in flight in this process, claims
 * again as soon as a slot frees or a `pg_notify` on the source's channel says new work committed,
 * and polls every `pollMs` as the safety net (a missed notification, a retry that became due).
 */
export interface JobSource<T> {
  /** For logs. */
  readonly name: string;
  /** pg_notify channel writers wake the loop on (`wakeJobs` in their transaction: delivered on commit). */
  readonly channel: string;
  /**
   * Leases up to `limit` due items, oldest due first. Per-key caps (e.g. per endpoint) are the
   * claim's job: only the database sees the leases of every process.
   */
  claim(limit: number): Promise<T[]>;
  /** Does one claimed item and records the outcome, which ends its lease. */
  run(item: T, signal: AbortSignal): Promise<void>;
  /** Housekeeping (pruning), called before a claim at most every `maintainEveryMs`. */
  maintain?(): Promise<void>;
}

/**
 * A source whose item may be due again within seconds (a webhook retry): `run` may answer
 * `{ keepForMs }` to keep the lease in this process, and the loop hands the item to `reclaim` after
 * that long (without waiting for a poll); at stop, the kept items' leases go back through `release`.
 */
export interface KeepingJobSource<T> extends Omit<JobSource<T>, 'run'> {
  run(item: T, signal: AbortSignal): Promise<{ keepForMs: number } | void>;
  /** Re-leases a kept item when it is due again; undefined when it is no longer due. */
  reclaim(item: T): Promise<T | undefined>;
  /** At stop: hands the leases of kept items back, so any process may take them when due. */
  release(items: T[]): Promise<void>;
}

export interface JobLoopOptions {
  /** Items run at once in this process. */
  concurrency: number;
  /** The safety-net poll, ms. */
  pollMs: number;
  /** At most this many items per claim. */
  batch?: number;
  /**
   * After an item is done, claim again once at least this many slots are free (default 1): fewer,
   * fuller claims when a claim costs more than its items (a wake or a poll claims whatever is free).
   */
  claimWhenFree?: number;
  maintainEveryMs?: number;
}

export interface JobLoop {
  /** Claim now (in-process shortcut; other processes hear the pg_notify). */
  wake(): void;
  /** Aborts the items in flight (their `signal`), waits for them to be recorded, hands kept items back. */
  stop(): Promise<void>;
}

/** In the writing transaction: wakes every process's loop of `channel` once it commits (nothing on rollback). */
export async function wakeJobs(tx: Queryable, channel: string): Promise<void> {
  await tx.query(`SELECT pg_notify($1, '')`, [channel]);
}

const DEFAULT_BATCH = 32;
const DEFAULT_MAINTAIN_EVERY_MS = 10 * 60_000;

export function startJobLoop<T>(db: Pick<Db, 'listen'>, source: JobSource<T> | KeepingJobSource<T>, options: JobLoopOptions): JobLoop {
  const keeping = 'reclaim' in source ? source : null;
  const batch = options.batch ?? DEFAULT_BATCH;
  const claimWhenFree = Math.min(options.claimWhenFree ?? 1, batch);
  const maintainEveryMs = options.maintainEveryMs ?? DEFAULT_MAINTAIN_EVERY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let lastMaintain = 0;
  let ticking: Promise<void> | null = null;
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const kept = new Map<T, NodeJS.Timeout>();
  const failed = (what: string, err: unknown) => {
    countJobLoopError(source.name);
    backgroundLog().error({ err, source: source.name }, what);
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const keep = (item: T, delayMs: number) => {
    const t = setTimeout(() => {
      if (stopped) return;
      track(
        keeping!.reclaim(item).then(
          (again) => {
            kept.delete(item);
            if (again && !stopped) start(again);
          },
          (err) => {
            kept.delete(item);
            failed('reclaiming a kept item failed', err);
          },
        ),
      );
    }, delayMs);
    kept.set(item, t);
  };

  const freeSlots = () => Math.min(batch, options.concurrency - inFlight.size);
  const start = (item: T) => {
    const work: Promise<void> = source
      .run(item, shutdown.signal)
      .then(async (next) => {
        if (!next || !keeping) return;
        if (stopped) await keeping.release([item]);
        else keep(item, next.keepForMs);
      })
      .catch((err) => failed('running an item failed', err))
      .finally(() => {
        inFlight.delete(work);
        // Slots are free: claim more now rather than at the next poll.
        if (freeSlots() >= claimWhenFree) schedule(0);
      });
    track(work);
  };

  /** One claim: as many due items as there are free slots. Returns true when it filled them all. */
  const tick = async (): Promise<boolean> => {
    if (source.maintain && Date.now() - lastMaintain >= maintainEveryMs) {
      lastMaintain = Date.now();
      await source.maintain();
    }
    const free = freeSlots();
    if (free <= 0) return false;
    const claimed = await source.claim(free);
    for (const item of claimed) start(item);
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
        schedule(full ? 0 : options.pollMs);
      },
      (err) => {
        ticking = null;
        if (!stopped) failed('claiming failed', err);
        schedule(options.pollMs);
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

  // Until LISTEN is up (or if it fails) the poll finds the work.
  const listening = db
    .listen(source.channel, () => schedule(0))
    .catch((err: unknown) => {
      failed('listening for new work failed; polling only', err);
      return undefined;
    });
  schedule(0);

  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const t of kept.values()) clearTimeout(t);
      shutdown.abort();
      await (await listening)?.().catch(() => undefined);
      await ticking;
      await Promise.all(inFlight);
      if (kept.size > 0) await keeping?.release([...kept.keys()]);
    },
  };
}

import type { Config } from '../config';
import type { Clock } from '../db/clock';
import type { Db } from '../db/types';
import type { Executor } from '../executors/executor';
import { createExecutor } from '../executors/select';
import { startJobLoop, type JobLoop, type JobSource } from '../jobs/loop';
import type { ActionRow } from './action-store';
import { nextDue } from './due';
import { engineSettings, type OfferDeps } from './engine-deps';
import { offerClaimedAction } from './offers';
import { duePass } from './pass';
import { RUN_CHANNEL } from './wake';

/**
 * The run worker (contract 9.3): the engine as a job source of the one job loop. A claim is one pass
 * of due work (pass.ts: starts, step moves, sandbox events — each a transaction whose row locks are
 * the lease — then due actions leased); each leased action is then offered outside any transaction,
 * several at once, and its answer recorded. A crashed process's leased actions are offered again
 * (same actionId) by any process once their lease ends. Idle, it sleeps until the next due instant
 * (or a wake).
 */

/** The safety net: a claim at least this often even when nothing seems due (a missed notification). */
const SAFETY_POLL_MS = 30_000;
const MIN_IDLE_MS = 50;

/** The engine's run work as a job source; `wake` claims again soon (more may be due). */
function runJobs(deps: OfferDeps, wake: () => void, sleepFor: (ms: number | null) => void): JobSource<ActionRow> {
  return {
    name: 'runs',
    channel: RUN_CHANNEL,
    async claim(limit) {
      const { moved, claimed } = await duePass(deps, limit);
      if (moved > 0) wake();
      else if (claimed.length === 0) {
        const { at, now } = await nextDue(deps.db);
        sleepFor(at === null ? null : at - now);
      }
      return claimed;
    },
    async run(action) {
      await offerClaimedAction(deps, action);
    },
  };
}

interface RunWorkerOptions {
  /** Who carries out actions; the workspace's executor (executors/select.ts) unless a test or bench says otherwise. */
  readonly executor?: (db: Db, clock: Clock) => Executor;
  /** A test's clock; the database's otherwise. */
  readonly clock?: Clock;
}

/** The WORKERS entry of main.ts: the engine with its settings from the configuration and the workspace executor. */
export function startRunWorker({ db, config }: { db: Db; config: Config }, options: RunWorkerOptions = {}): JobLoop {
  const settings = engineSettings(config, options.clock ? { clock: options.clock } : {});
  const executor = options.executor ? options.executor(db, settings.clock) : createExecutor(db, settings.clock, config);
  const deps: OfferDeps = { ...settings, db, executor };
  let alarm: NodeJS.Timeout | undefined;
  let stopped = false;
  // The loop exists before anything calls this: its first claim runs on a timer.
  const wake = () => loop.wake();
  const sleepFor = (ms: number | null) => {
    clearTimeout(alarm);
    alarm = undefined;
    if (ms === null || stopped) return;
    // Due already yet not claimed: another process holds it; look again shortly rather than spin.
    const delay = Math.max(MIN_IDLE_MS, ms);
    // The loop's own poll covers anything later than the safety net.
    if (delay < SAFETY_POLL_MS) alarm = setTimeout(wake, delay);
  };
  const loop: JobLoop = startJobLoop(db, runJobs(deps, wake, sleepFor), {
    concurrency: config.runConcurrency,
    pollMs: SAFETY_POLL_MS,
    batch: config.runConcurrency,
    // A claim is a whole pass of due work: it waits for a quarter of the offers to be answered.
    claimWhenFree: Math.ceil(config.runConcurrency / 4),
  });
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(alarm);
      await loop.stop();
    },
  };
}

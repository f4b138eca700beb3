import { systemClock, type Clock } from '../../domain/run/clock';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { startJobLoop, type JobLoop, type JobSource } from '../jobs/loop';
import { claimDueActions, offerClaimedAction, type ActionRow } from './actions';
import { moveDueEnrollments, startWaitingEnrollments, type EngineDeps } from './engine';
import type { Executor } from './executor';
import { deliverSandboxEvents, sandboxExecutor } from './sandbox';
import { msOf, ts } from './time-sql';
import { RUN_CHANNEL } from './wake';

/**
 * The run worker (contract 9.3): the engine as a job source of the one job loop. A claim moves what
 * is due (starts, step moves, sandbox events — each a transaction whose row locks are the lease) and
 * leases due actions; each leased action is then offered outside any transaction, several at once,
 * and its answer recorded. A crashed process's leased actions are offered again (same actionId) by
 * any process once their lease ends. Idle, it sleeps until the next due instant (or a wake).
 */

/** The engine's clock in the server: the system's. */

/** Who carries out actions; the one place a different executor is plugged in. */
export type ExecutorFactory = (db: Db, clock: Clock) => Executor;
// Tests and benches run on the sandbox; the server passes the workspace executor (executors/select.ts).
const DEFAULT_EXECUTOR: ExecutorFactory = sandboxExecutor;

/** Beyond the executor's own time limit, how long an offered action stays leased before another process may offer it again. */
const LEASE_MARGIN_MS = 5_000;
/** The safety net: a claim at least this often even when nothing seems due (a missed notification). */
const SAFETY_POLL_MS = 30_000;
const MIN_IDLE_MS = 50;
/** Offers in flight at once in this process. */
const OFFER_CONCURRENCY = 16;
/** Rows per engine transaction. */
const BATCH = 100;

/** The earliest instant (epoch ms) any run work becomes due, or null when nothing is scheduled. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const found = await db.query<{ at: number | null }>(
    `SELECT ${msOf(`least(
       (SELECT CASE WHEN EXISTS (SELECT 1 FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                                 WHERE e.status = 'waiting' AND c.status = 'active') THEN now() END),
       (SELECT min(e.next_step_at) FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
        WHERE e.status = 'active' AND e.next_step_at IS NOT NULL AND c.status = 'active'),
       (SELECT min(a.not_before) FROM run_actions a JOIN campaigns c ON c.id = a.campaign_id
        WHERE a.status = 'scheduled' AND c.status = 'active'),
       (SELECT min(a.not_before) FROM run_actions a WHERE a.status = 'scheduled' AND a.campaign_id IS NULL),
       (SELECT min(a.lease_until) FROM run_actions a WHERE a.status = 'offered' AND a.campaign_id IS NULL),
       (SELECT min(a.lease_until) FROM run_actions a JOIN campaigns c ON c.id = a.campaign_id
        WHERE a.status = 'offered' AND c.status = 'active'),
       (SELECT min(due_at) FROM sandbox_events WHERE delivered_at IS NULL))`)} AS at`,
  );
  return found.rows[0]?.at ?? null;
}

/** The engine's run work as a job source; `wake` claims again soon (more may be due). */
function runJobs(deps: EngineDeps, wake: () => void, sleepUntil: (at: number | null) => void): JobSource<ActionRow> {
  return {
    name: 'runs',
    channel: RUN_CHANNEL,
    async claim(limit) {
      const moved = (await startWaitingEnrollments(deps)) + (await moveDueEnrollments(deps)) + (await deliverSandboxEvents(deps));
      const claimed = await claimDueActions({ ...deps, batch: limit });
      if (moved > 0) wake();
      else if (claimed.length === 0) sleepUntil(await nextDueAt(deps.db));
      return claimed;
    },
    async run(action) {
      await offerClaimedAction(deps, action);
    },
    reclaim: async () => undefined,
    async release(actions) {
      await deps.db.query(`UPDATE run_actions SET lease_until = $2 WHERE id = ANY($1::uuid[]) AND status = 'offered'`, [
        actions.map((a) => a.id),
        ts(deps.clock.now()),
      ]);
    },
  };
}

interface RunWorkerOptions {
  readonly executor?: ExecutorFactory;
  readonly clock?: Clock;
  readonly random?: () => number;
}

/** The WORKERS entry of main.ts: the engine on the system clock with the workspace executor. */
export function startRunWorker({ db, config }: { db: Db; config: Config }, options: RunWorkerOptions = {}): JobLoop {
  const clock = options.clock ?? systemClock;
  const deps: EngineDeps = {
    db,
    clock,
    executor: (options.executor ?? DEFAULT_EXECUTOR)(db, clock),
    spacingMs: config.actionSpacingS * 1000,
    random: options.random ?? Math.random,
    batch: BATCH,
    leaseMs: config.webhookTimeoutMs + LEASE_MARGIN_MS,
  };
  let alarm: NodeJS.Timeout | undefined;
  let stopped = false;
  // The loop exists before anything calls this: its first claim runs on a timer.
  const wake = () => loop.wake();
  const sleepUntil = (at: number | null) => {
    clearTimeout(alarm);
    alarm = undefined;
    if (at === null || stopped) return;
    // The loop's own poll covers anything later than the safety net.
    // Due already yet not claimed: another process holds it; look again shortly rather than spin.
    const delay = Math.max(MIN_IDLE_MS, at - clock.now());
    if (delay < SAFETY_POLL_MS) alarm = setTimeout(wake, delay);
  };
  const loop: JobLoop = startJobLoop(db, runJobs(deps, wake, sleepUntil), {
    concurrency: OFFER_CONCURRENCY,
    pollMs: SAFETY_POLL_MS,
    batch: OFFER_CONCURRENCY,
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

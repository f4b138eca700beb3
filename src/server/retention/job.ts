import type { Config } from '../config';
import type { Db } from '../db/types';
import { backgroundLog } from '../observe/log';
import { countJobLoopError } from '../observe/metrics';
import { pruneExpired } from './prune';

/** How often a process looks for rows past the retention; the first look comes soon after start. */
const EVERY_MS = 10 * 60_000;
const FIRST_AFTER_MS = 30_000;

/**
 * The WORKERS entry of main.ts: contract 10.5's maintenance job, its own small loop (a timer, not
 * a job source: it claims nothing, and every process may run it — on a PostgreSQL server the
 * retention lock lets one process's batch run at a time).
 */
export function startRetention({ db, config }: { db: Db; config: Config }): { stop(): Promise<void> } {
  const stopping = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    try {
      const deleted = await pruneExpired(db, { retentionDays: config.retentionDays, signal: stopping.signal });
      if (Object.values(deleted).some((n) => n > 0))
        backgroundLog().info({ deleted, retentionDays: config.retentionDays }, 'retention pruned old rows');
    } catch (err) {
      countJobLoopError('retention');
      backgroundLog().error({ err, source: 'retention' }, 'pruning failed');
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = round().then(() => {
        if (!stopping.signal.aborted) schedule(EVERY_MS);
      });
    }, delay);
    timer.unref();
  };
  schedule(FIRST_AFTER_MS);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

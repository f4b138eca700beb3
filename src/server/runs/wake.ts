import type { Queryable } from '../db/types';
import { wakeJobs } from '../jobs/loop';

/** The pg_notify channel of run work: every process's run worker claims when a write that made work due commits. */
export const RUN_CHANNEL = 'run_work';

/** In the transaction that made run work due (launch, resume, enrollment, event, result): wakes the run workers on commit. */
export const wakeRuns = (tx: Queryable): Promise<void> => wakeJobs(tx, RUN_CHANNEL);

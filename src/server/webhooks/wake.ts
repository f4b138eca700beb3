import type { Queryable } from '../db/types';
import { wakeJobs } from '../jobs/loop';

/** The pg_notify channel of webhook deliveries: every process's dispatcher claims when a write that queued some commits. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** In the transaction that queued or released deliveries: wakes the dispatchers on commit. */
export const wakeWebhooks = (tx: Queryable): Promise<void> => wakeJobs(tx, WEBHOOK_CHANNEL);

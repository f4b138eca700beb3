import type { Config } from './config';
import type { Db } from './db/types';
import type { ComputePool } from './compute/pool';

/** What every server module receives: the database, the configuration, the shutdown signal and the compute pool. No other shared state. */
export interface ServerContext {
  db: Db;
  config: Config;
  /** Aborted when the server starts its graceful stop: long-lived responses (event streams) end at once. */
  stopping: AbortSignal;
  /** Worker threads for CPU-heavy work (simulations), with a per-key share. */
  compute: ComputePool;
}

import type { Config } from './config';
import type { Db } from './db/types';

/** What every server module receives: the database, the configuration and the shutdown signal. No other shared state. */
export interface ServerContext {
  db: Db;
  config: Config;
  /** Aborted when the server starts its graceful stop: long-lived responses (event streams) end at once. */
  stopping: AbortSignal;
}

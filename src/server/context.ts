import type { Config } from './config';
import type { Db } from './db/types';

/** What every server module receives: the database and the configuration. No other shared state. */
export interface ServerContext {
  db: Db;
  config: Config;
}

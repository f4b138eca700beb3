import type { Config } from '../config';
import type { Db } from '../db/types';

/** A module's part of the demo data, run once in the demo workspace on first start. */
export type DemoSeeder = (db: Db, workspaceId: string, config: Config) => Promise<void>;

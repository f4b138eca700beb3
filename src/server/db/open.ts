import { join, resolve } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { migrate } from './migrate';
import { openPg } from './pg';
import { openPglite } from './pglite';
import type { Db } from './types';

export interface DatabaseOptions {
  /** postgres://… — a PostgreSQL server; otherwise the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Embedded only: hold the data-directory lock while open (the server does; tests of in-memory dbs need not). */
  lock?: boolean;
}

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const db = await openPg(options.databaseUrl);
    await migrate(db);
    return db;
  }
  const dataDir = resolve(options.dataDir);
  const release = options.lock === false ? () => undefined : acquireDataDirLock(dataDir);
  try {
    // PostgreSQL's own files live in <dataDir>/pg; the lock file sits beside them.
    const db = await openPglite(join(dataDir, 'pg'));
    await migrate(db);
    return {
      ...db,
      close: async () => {
        await db.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

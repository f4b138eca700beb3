import pg from 'pg';
import { openDatabase } from '../../src/server/db/open';
import type { Db } from '../../src/server/db/types';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Runs `measure` on a fresh PostgreSQL database named `<prefix>_<pid>` (also given its URL), dropped after; says "skipped" when no server answers. */
export async function withScratchPostgres(prefix: string, measure: (db: Db, url: string) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${new URL(PG_URL).host}: skipped`);
    return;
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await measure(db, url.toString());
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/runs';
import { migrate } from './migrate';
import { openPg } from './pg';
import { openPglite } from './pglite';
import type { Db } from './types';

/**
 * Issue 33 item 12: 022 was changed after it was merged. A database migrated while 022 held only its
 * first index never got `enrollments_waiting`; the next migration creates what is missing, so every
 * database ends the same (on the embedded database, and on PostgreSQL with DATABASE_URL).
 */

const MIGRATIONS = new URL('./migrations/', import.meta.url);
/** 022 as it was first merged (6516d75). */
const FIRST_022 = `CREATE INDEX run_actions_replies_due ON run_actions (not_before) WHERE status = 'scheduled' AND enrollment_id IS NULL;\n`;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(undefined);
  const scratch = await scratchDatabase(url, 'cs_migrate');
  cleanups.push(scratch.drop);
  return openPg(scratch.url);
}

const indexes = async (db: Db) =>
  (await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`)).rows.map(
    (r) => r.indexname,
  );

describe('a database migrated between two versions of 022', () => {
  it('gets what 022 created later once the next migrations run, and ends like any other', async () => {
    const older = mkdtempSync(join(tmpdir(), 'cs-migrations-'));
    cleanups.push(() => rmSync(older, { recursive: true, force: true }));
    for (const file of readdirSync(MIGRATIONS).filter((f) => f < '022')) copyFileSync(new URL(file, MIGRATIONS), join(older, file));
    writeFileSync(join(older, '022_due_replies_index.sql'), FIRST_022);
    const db = await emptyDatabase();
    cleanups.push(() => db.close());
    await migrate(db, { dir: pathToFileURL(`${older}/`) });
    expect(await indexes(db)).not.toContain('enrollments_waiting');

    await migrate(db);
    const fresh = await emptyDatabase();
    cleanups.push(() => fresh.close());
    await migrate(fresh);
    expect(await indexes(db)).toContain('enrollments_waiting');
    expect((await indexes(db)).sort()).toEqual((await indexes(fresh)).sort());
  }, 240_000);
});

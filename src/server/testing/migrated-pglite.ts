import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';

/**
 * An in-memory embedded database with every migration applied, started from a migrated data folder
 * cached in the OS temp folder. Creating an empty PGlite database (its initdb) costs seconds, and
 * mutation testing pays it once per mutant per test file; loading the dump costs a fraction. The
 * cache is keyed by the migrations' text and the PGlite version, so a changed migration or upgrade
 * builds a new one. Every database from one cache shares its `server_secrets` values (one cursor
 * secret), like processes sharing one PostgreSQL.
 */
export async function openMigratedPglite(): Promise<Db> {
  const file = join(tmpdir(), `campaign-studio-migrated-pglite-${cacheKey()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  const db = await openPglite(undefined, cached && new Blob([cached]));
  await migrate(db); // nothing left to apply when loaded from the cache
  if (cached) return db;
  // written aside and renamed: a concurrent reader sees the whole dump or none
  const partial = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await rename(partial, file);
  return db;
}

function cacheKey(): string {
  const hash = createHash('sha256');
  const pglite = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  const migrations = new URL('../db/migrations/', import.meta.url);
  for (const name of readdirSync(migrations).sort()) hash.update(`\n${name}\n`).update(readFileSync(new URL(name, migrations)));
  return hash.digest('hex').slice(0, 16);
}

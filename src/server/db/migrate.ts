import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './types';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies every `migrations/NNN_name.sql` not yet applied, in name order, each in its own
 * transaction. On a PostgreSQL server an advisory lock keeps concurrent starters from racing.
 * `before` stops at the first file whose name sorts at or after it (a migration's test seeds the
 * rows it will change); `dir` reads another folder of migrations (a test that builds a database as an
 * older release left it).
 */
export async function migrate(db: Db, options: { before?: string; dir?: URL } = {}): Promise<string[]> {
  const { before, dir = MIGRATIONS_DIR } = options;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql') && (before === undefined || f < before)).sort();
  const applied: string[] = [];
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const name of files) {
    const sql = await readFile(new URL(name, dir), 'utf8');
    await db.transaction(async (tx) => {
      if (db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock(727274)');
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    });
  }
  return applied;
}

/** Splits a migration on `;` at line ends, keeping `$$ … $$` blocks whole (extended protocol takes one statement). */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line)) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

import pg from 'pg';
import type { Db, Queryable } from './types';

// bigint (count(*), sums) as a JS number, as PGlite gives it; timestamptz stays a Date in both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T>(sql: string, params?: unknown[]) {
    const res = await client.query(sql, params as unknown[]);
    return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
  },
});

/** A PostgreSQL server through a connection pool (DATABASE_URL). */
export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => undefined); // an idle client dropped by the server must not crash the process
  await pool.query('SELECT 1');
  const root = wrap(pool);
  return {
    kind: 'pg',
    query: root.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './types';

const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
  async query<T>(sql: string, params?: unknown[]) {
    const res = await q.query<T>(sql, params as unknown[]);
    return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
  },
});

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never
 * shrinks: ~60 MB of it was touched at start (an idle server at ~500 MiB resident). Its files sit in
 * the operating system's page cache anyway, so 32 MB loses little and keeps the server's memory down.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Embedded PostgreSQL in `dataDir` (or in memory when undefined). PGlite serialises queries itself.
 * `loadDataDir`: start from a data folder dumped by `dumpDataDir` instead of an empty one.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db & { dumpDataDir(): Promise<Blob> }> {
  const pg = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One process: PGlite delivers its own NOTIFYs (on commit, as PostgreSQL does).
    listen: async (channel, onNotify) => {
      const stop = await pg.listen(channel, onNotify);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}

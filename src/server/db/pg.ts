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
  // JIT off: compiling takes seconds where these queries take milliseconds (a webhook claim took 3 s, bench/webhook-drain).
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  pool.on('error', () => undefined); // an idle client dropped by the server must not crash the process
  await pool.query('SELECT 1');
  const root = wrap(pool);
  const listener = notificationListener(connectionString);
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
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool): one per process,
 * opened on the first listen and shared by every channel. After a drop it reconnects and listens
 * again; NOTIFYs sent while it was down are not replayed (a live view reloads on its own reconnect).
 */
function notificationListener(connectionString: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let connecting: Promise<pg.Client> | undefined;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const quoted = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    return `"${channel}"`;
  };
  const drop = (client: pg.Client) => {
    if (client !== current) return; // an earlier connection's late event
    current = undefined;
    connecting = undefined;
    client.end().catch(() => undefined);
    if (!closed && handlers.size > 0 && !retry)
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch(() => undefined);
      }, RECONNECT_MS);
  };
  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const client = (current = new pg.Client({ connectionString }));
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      client.on('error', () => drop(client));
      client.on('end', () => drop(client));
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        drop(client);
        throw err;
      }
      return client;
    })());
  return {
    async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
      const name = quoted(channel);
      if (closed) throw new Error('The database is closed.');
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(onNotify));
      try {
        await (await connect()).query(`LISTEN ${name}`); // idempotent: harmless when connect() already listened
      } catch (err) {
        set.delete(onNotify);
        if (set.size === 0) handlers.delete(channel);
        throw err;
      }
      return async () => {
        set.delete(onNotify);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        const client = await connecting?.catch(() => undefined);
        await client?.query(`UNLISTEN ${name}`).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const client = await connecting?.catch(() => undefined);
      connecting = undefined;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

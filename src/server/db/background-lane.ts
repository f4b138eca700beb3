import type { Db, Queryable } from './types';

/**
 * The embedded database has one connection for everyone: a request's query waits for every query
 * and transaction queued before it. Background work (the run engine, the webhook dispatcher) goes
 * through this lane: one of its statements or transactions at a time, each after a turn of the event
 * loop, so a request that arrived meanwhile queues first and waits for at most one batch (issue 33:
 * /healthz and the campaigns list answered in ≤ 100 ms while a run moves). A PostgreSQL server serves
 * many connections at once: its Db is returned as it is. Never call the lane from inside its own
 * transaction (it would wait for itself): inside one, use the transaction's `tx`.
 */
export function backgroundLane(db: Db): Db {
  if (db.kind !== 'pglite') return db;
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    tail = run.catch(() => undefined);
    return run;
  };
  return {
    kind: db.kind,
    query: <T>(sql: string, params?: unknown[]) => inTurn(() => db.query<T>(sql, params)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => inTurn(() => db.transaction(fn)),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}

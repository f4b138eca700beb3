import { describe, expect, it } from 'vitest';
import { backgroundLane } from './background-lane';
import type { Db } from './types';

/** Background work on the embedded database takes turns: one statement or transaction at a time, each after a turn of the event loop. */

function fakeDb(kind: Db['kind']) {
  let running = 0;
  let most = 0;
  const work = async <T>(value: T) => {
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, 5));
    running--;
    return value;
  };
  const db: Db = {
    kind,
    query: async <T>() => work({ rows: [] as T[], rowCount: 0 }),
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => work(await fn(db)),
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
  return { db, most: () => most };
}

describe('backgroundLane', () => {
  it('runs one background statement or transaction at a time on the embedded database', async () => {
    const { db, most } = fakeDb('pglite');
    const lane = backgroundLane(db);
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((i) => (i % 2 ? lane.query('SELECT 1') : lane.transaction(async () => i)).then(() => order.push(i))),
    );
    expect(most()).toBe(1);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('lets a request in between two turns', async () => {
    const { db } = fakeDb('pglite');
    const lane = backgroundLane(db);
    const seen: string[] = [];
    const first = lane.query('SELECT 1').then(() => seen.push('background 1'));
    const second = lane.query('SELECT 2').then(() => seen.push('background 2'));
    // A request that arrives while the first turn runs goes before the second.
    setTimeout(() => void db.query('SELECT 3').then(() => seen.push('request')), 1);
    await Promise.all([first, second, new Promise((r) => setTimeout(r, 40))]);
    expect(seen.indexOf('request')).toBeLessThan(seen.indexOf('background 2'));
  });

  it('leaves a PostgreSQL server’s pool as it is', () => {
    const { db } = fakeDb('pg');
    expect(backgroundLane(db)).toBe(db);
  });
});

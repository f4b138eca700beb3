import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { failureLimiter, requireCaller, type AppEnv } from './auth';

/**
 * What the authentication middleware remembers is bounded (10 000 keys, 10 000 addresses: the oldest
 * goes first), and guesses are counted per peer address of the connection.
 */

const BOUND = 10_000;

/** A database where every key is valid (`known`) or none is; counts lookups. */
function keyStore(known: boolean) {
  const calls = { n: 0 };
  const db = {
    query: async () => {
      calls.n += 1;
      return { rows: known ? [{ key_id: 'k', id: 'w1', slug: 'one' }] : [] };
    },
  } as unknown as Db;
  return { db, calls };
}

const appOver = (db: Db, limit: number) => {
  const app = new Hono<AppEnv>();
  app.use('*', requireCaller(db, limit));
  app.get('/x', (c) => c.text('ok'));
  return app;
};
const bearer = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

describe('failureLimiter memory', () => {
  it('holds 10 000 addresses; the 10 001st pushes the oldest out (it may try again)', () => {
    const limiter = failureLimiter(1, 60_000);
    const address = (i: number) => `198.51.${Math.floor(i / 256)}.${i % 256}`;
    for (let i = 0; i < BOUND; i++) limiter.fail(address(i), 1000);
    expect(limiter.retryAfter(address(0), 1000)).toBe(60);
    expect(limiter.retryAfter(address(BOUND - 1), 1000)).toBe(60);
    limiter.fail(address(BOUND), 1000);
    expect(limiter.retryAfter(address(0), 1000)).toBe(0);
    expect(limiter.retryAfter(address(1), 1000)).toBe(60);
    expect(limiter.retryAfter(address(BOUND), 1000)).toBe(60);
  });
});

describe('guesses are counted per peer address', () => {
  /** What @hono/node-server passes as the env: the Node request, with its socket. */
  const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  const guess = (app: Hono<AppEnv>, env: unknown) => app.request('/x', bearer('wrong-key-000'), env);

  it('an address over the limit gets 429; another address is still only refused', async () => {
    const app = appOver(keyStore(false).db, 2);
    expect((await guess(app, from('198.51.100.1'))).status).toBe(401);
    expect((await guess(app, from('198.51.100.1'))).status).toBe(401);
    expect((await guess(app, from('198.51.100.1'))).status).toBe(429);
    expect((await guess(app, from('198.51.100.2'))).status).toBe(401);
    expect((await guess(app, from('2001:db8::7'))).status).toBe(401);
  });

  it('requests whose peer address is not known share one count (and never fail the server)', async () => {
    const app = appOver(keyStore(false).db, 3);
    expect((await guess(app, {})).status).toBe(401);
    expect((await guess(app, { incoming: {} })).status).toBe(401);
    expect((await guess(app, { incoming: { socket: {} } })).status).toBe(401);
    expect((await guess(app, undefined)).status).toBe(429);
    expect((await guess(app, from('198.51.100.3'))).status).toBe(401);
  });
});

// last: ten thousand requests
describe('the memory of keys', () => {
  // Known and unknown keys are remembered by one kind of bounded map; a flood of distinct wrong keys is the case that matters.
  it('holds 10 000 unknown keys; the 10 001st pushes the oldest out', async () => {
    const { db, calls } = keyStore(false);
    const app = appOver(db, Number.MAX_SAFE_INTEGER);
    const key = (i: number) => `key-number-${i}`;
    for (let i = 0; i < BOUND; i++) await app.request('/x', bearer(key(i)));
    expect(calls.n).toBe(BOUND);
    // all 10 000 remembered: the oldest and the newest are not looked up again
    await app.request('/x', bearer(key(0)));
    await app.request('/x', bearer(key(BOUND - 1)));
    expect(calls.n).toBe(BOUND);
    await app.request('/x', bearer(key(BOUND)));
    expect(calls.n).toBe(BOUND + 1);
    // the oldest went; the second oldest is still remembered
    await app.request('/x', bearer(key(1)));
    expect(calls.n).toBe(BOUND + 1);
    expect((await app.request('/x', bearer(key(0)))).status).toBe(401);
    expect(calls.n).toBe(BOUND + 2);
  }, 60_000);

  it('remembers a second known key beside the first', async () => {
    const { db, calls } = keyStore(true);
    const app = appOver(db, 10);
    for (const key of ['first-key-000', 'second-key-00', 'first-key-000', 'second-key-00'])
      expect((await app.request('/x', bearer(key))).status).toBe(200);
    expect(calls.n).toBe(2);
  });
});

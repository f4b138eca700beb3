import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { failureLimiter, requireCaller, type AppEnv } from './auth';

/** A database that knows one key and counts its lookups. */
function fakeDb(knownHash: string | null) {
  const calls = { n: 0 };
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      calls.n += 1;
      return { rows: params[0] === knownHash ? [{ key_id: 'k1', id: 'w1', slug: 'one' }] : [] };
    },
  } as unknown as Db;
  return { db, calls };
}

describe('requireCaller', () => {
  it('an unknown key is looked up once, not on every request of a flood (negative cache)', async () => {
    const { db, calls } = fakeDb(null);
    const app = new Hono<AppEnv>();
    app.use('*', requireCaller(db, 1_000_000));
    app.get('/x', (c) => c.text('ok'));
    for (let i = 0; i < 50; i++)
      expect((await app.request('/x', { headers: { Authorization: 'Bearer unknown-key-123' } })).status).toBe(401);
    expect(calls.n).toBe(1);
  });
});

describe('failureLimiter', () => {
  it('blocks an address at the limit until its window ends, others not', () => {
    const limiter = failureLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a', 1000)).toBe(0);
      limiter.fail('a', 1000);
    }
    expect(limiter.retryAfter('a', 1000)).toBe(60);
    expect(limiter.retryAfter('a', 50_500)).toBe(11);
    expect(limiter.retryAfter('b', 1000)).toBe(0);
    expect(limiter.retryAfter('a', 61_000)).toBe(0);
    limiter.fail('a', 61_000);
    expect(limiter.retryAfter('a', 61_000)).toBe(0);
  });
});

import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/types';
import { failureLimiter, hashApiKey, requireCaller, type AppEnv } from './auth';

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

describe('requireCaller under guessing', () => {
  afterEach(() => vi.useRealTimers());
  const appOver = (db: Db, limit: number) => {
    const app = new Hono<AppEnv>();
    app.use('*', requireCaller(db, limit));
    app.get('/x', (c) => c.text('ok'));
    return app;
  };
  const asKey = (key?: string) => (key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } });

  it('after the limit of wrong keys: 429 rate_limited with Retry-After for any key, a missing key counting for nothing', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const app = appOver(fakeDb(null).db, 2);
    for (let i = 0; i < 5; i++) expect((await app.request('/x', asKey())).status).toBe(401);
    expect((await app.request('/x', asKey('wrong-key-1'))).status).toBe(401);
    expect((await app.request('/x', asKey('wrong-key-2'))).status).toBe(401);
    const limited = await app.request('/x', asKey('wrong-key-3'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(await limited.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many failed sign-in attempts from your address: try again in 60 seconds.',
    });
    vi.setSystemTime(1_000_000 + 60_000);
    expect((await app.request('/x', asKey('wrong-key-3'))).status).toBe(401);
  });

  it('looks a known key up again once its memory has expired, and an unknown one after a minute', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const { db, calls } = fakeDb(null);
    const app = appOver(db, 1_000_000);
    await app.request('/x', asKey('unknown-key-123'));
    vi.setSystemTime(1_000_000 + 59_999);
    await app.request('/x', asKey('unknown-key-123'));
    expect(calls.n).toBe(1);
    vi.setSystemTime(1_000_000 + 60_000);
    await app.request('/x', asKey('unknown-key-123'));
    expect(calls.n).toBe(2);

    const known = fakeDb(hashApiKey('known-key-123'));
    const app2 = appOver(known.db, 1_000_000);
    vi.setSystemTime(2_000_000);
    expect((await app2.request('/x', asKey('known-key-123'))).status).toBe(200);
    vi.setSystemTime(2_000_000 + 29_999);
    expect((await app2.request('/x', asKey('known-key-123'))).status).toBe(200);
    expect(known.calls.n).toBe(1);
    vi.setSystemTime(2_000_000 + 30_000);
    expect((await app2.request('/x', asKey('known-key-123'))).status).toBe(200);
    expect(known.calls.n).toBe(2);
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

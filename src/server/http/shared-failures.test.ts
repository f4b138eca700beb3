import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { openMigratedPglite } from '../testing/migrated-pglite';
import { sharedFailureCounter } from './shared-failures';

describe('failed sign-ins counted through the database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedPglite();
  }, 60_000);
  afterAll(() => db?.close());

  it('two processes on one database agree: failures counted by one refuse the bucket in the other', async () => {
    const first = sharedFailureCounter(db, 3, 60_000);
    const second = sharedFailureCounter(db, 3, 60_000);
    const bucket = '10.0.0.1 cs_guess';
    await first.fail(bucket);
    await second.fail(bucket);
    expect(await first.retryAfter(bucket)).toBe(0);
    await first.fail(bucket);
    const wait = await second.retryAfter(bucket);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await second.retryAfter('10.0.0.1 cs_valid')).toBe(0);
    expect(await second.retryAfter('10.0.0.2 cs_guess')).toBe(0);
  });

  it('a window that has ended counts from one again', async () => {
    const counter = sharedFailureCounter(db, 2, 60_000);
    const bucket = '10.0.0.3 cs_old';
    await db.query(`INSERT INTO auth_failures (bucket, window_start, failures) VALUES ($1, now() - interval '2 minutes', 50)`, [bucket]);
    expect(await counter.retryAfter(bucket)).toBe(0);
    await counter.fail(bucket);
    expect(await counter.retryAfter(bucket)).toBe(0);
    await counter.fail(bucket);
    expect(await counter.retryAfter(bucket)).toBeGreaterThan(0);
  });
});

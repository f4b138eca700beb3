import type { Queryable } from '../db/types';

/**
 * Failed sign-ins counted in the database (table auth_failures), so every process on it agrees: a
 * guesser refused by one is refused by all. A bucket is one (client address, key prefix); its window
 * is fixed and starts at its first failure. A bucket found full is remembered in this process until
 * its window ends, so a flood costs no further queries.
 */

/** What requireCaller asks of a failure counter (this one, or the in-process `failureLimiter`). */
export interface FailureCounter {
  /** Seconds until `bucket` may try again, or 0 when it may now. */
  retryAfter(bucket: string): number | Promise<number>;
  fail(bucket: string): void | Promise<void>;
}

/** Buckets older than this are deleted now and then (a failure in about one in PRUNE_EVERY prunes). */
const PRUNE_AFTER_S = 3600;
const PRUNE_EVERY = 100;

export function sharedFailureCounter(db: Queryable, limit: number, windowMs: number): FailureCounter {
  const windowS = windowMs / 1000;
  const blockedUntil = new Map<string, number>();
  let failures = 0;
  const remember = (bucket: string, seconds: number) => {
    if (blockedUntil.size >= 10_000) blockedUntil.delete(blockedUntil.keys().next().value!);
    blockedUntil.set(bucket, Date.now() + seconds * 1000);
  };
  return {
    async retryAfter(bucket) {
      const until = blockedUntil.get(bucket);
      if (until !== undefined && until > Date.now()) return Math.max(1, Math.ceil((until - Date.now()) / 1000));
      blockedUntil.delete(bucket);
      const { rows } = await db.query<{ wait: number }>(
        `SELECT ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::integer AS wait
         FROM auth_failures WHERE bucket = $1 AND failures >= $3 AND window_start > now() - make_interval(secs => $2)`,
        [bucket, windowS, limit],
      );
      const wait = rows[0] ? Math.max(1, rows[0].wait) : 0;
      if (wait > 0) remember(bucket, wait);
      return wait;
    },
    async fail(bucket) {
      await db.query(
        `INSERT INTO auth_failures (bucket, window_start, failures) VALUES ($1, now(), 1)
         ON CONFLICT (bucket) DO UPDATE SET
           failures = CASE WHEN auth_failures.window_start > now() - make_interval(secs => $2) THEN auth_failures.failures + 1 ELSE 1 END,
           window_start = CASE WHEN auth_failures.window_start > now() - make_interval(secs => $2) THEN auth_failures.window_start ELSE now() END`,
        [bucket, windowS],
      );
      if (++failures % PRUNE_EVERY === 0)
        await db.query('DELETE FROM auth_failures WHERE window_start < now() - make_interval(secs => $1)', [PRUNE_AFTER_S]);
    },
  };
}

import type { Db, Queryable } from '../db/types';
import { ApiError } from './errors';

/** A claim on an idempotency key older than this is from a process that died: it may be taken over. */
const STALE_CLAIM_SECONDS = 120;

/** Contract 4: idempotency keys are kept at least 24 hours; we keep them 48. */
const KEEP_HOURS = 48;

interface KeyedRequest {
  workspaceId: string;
  key: string;
  /** What the request asks, with an `operation` name: the same key with another request is refused. */
  request: Record<string, unknown>;
  /** The 422 detail when the key was used for another request. */
  reusedDetail: string;
}

/**
 * The one idempotency mechanism (contract 4): the key is claimed atomically (INSERT … ON CONFLICT),
 * so of any number of concurrent requests with one key exactly one runs `work`; the others get 409
 * idempotency_in_progress or, once it is done, its answer again (`replayed`). The work and the stored
 * answer commit together; work that throws frees the key for a retry. Another request under the key → 422.
 */
export async function onceByKey<T>(db: Db, r: KeyedRequest, work: (tx: Queryable) => Promise<T>): Promise<{ body: T; replayed: boolean }> {
  const request = JSON.stringify(r.request);
  const claim = await db.query(
    `INSERT INTO idempotency_keys AS k (workspace_id, key, request, state) VALUES ($1, $2, $3::jsonb, 'in_progress')
     ON CONFLICT (workspace_id, key) DO UPDATE SET created_at = now()
       WHERE k.state = 'in_progress' AND k.request = excluded.request AND k.created_at < now() - make_interval(secs => $4)
     RETURNING k.key`,
    [r.workspaceId, r.key, request, STALE_CLAIM_SECONDS],
  );
  if (claim.rows.length === 0) return { body: await replay<T>(db, r, request), replayed: true };
  try {
    const body = await db.transaction(async (tx) => {
      const answer = await work(tx);
      await tx.query(`UPDATE idempotency_keys SET state = 'done', response = $3 WHERE workspace_id = $1 AND key = $2`, [
        r.workspaceId,
        r.key,
        JSON.stringify(answer),
      ]);
      return answer;
    });
    return { body, replayed: false };
  } catch (err) {
    await db
      .query(`DELETE FROM idempotency_keys WHERE workspace_id = $1 AND key = $2 AND state = 'in_progress'`, [r.workspaceId, r.key])
      .catch(() => undefined);
    throw err;
  }
}

async function replay<T>(db: Db, r: KeyedRequest, request: string): Promise<T> {
  const { rows } = await db.query<{ same: boolean; state: string; response: string | null }>(
    'SELECT request = $3::jsonb AS same, state, response FROM idempotency_keys WHERE workspace_id = $1 AND key = $2',
    [r.workspaceId, r.key, request],
  );
  const prior = rows[0];
  if (!prior) throw new ApiError(409, 'idempotency_in_progress', 'A request with this idempotency key just finished or failed; retry it.');
  if (!prior.same) throw new ApiError(422, 'idempotency_key_reused', r.reusedDetail);
  if (prior.state !== 'done' || prior.response === null) {
    throw new ApiError(409, 'idempotency_in_progress', 'A request with this idempotency key is still running; retry it later.');
  }
  return JSON.parse(prior.response) as T;
}

/** Housekeeping: forgets keys older than the kept period. */
export async function pruneIdempotencyKeys(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [KEEP_HOURS]);
}

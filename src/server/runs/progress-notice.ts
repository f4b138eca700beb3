import { RUN_PROGRESS_INTERVAL_MS } from '../../domain/contract/runs';
import { ts } from '../db/time-sql';
import type { Queryable } from '../db/types';

/**
 * Contract 9.5 `run.progress`: a transaction that moved enrollments of a campaign tells every process
 * (a `pg_notify`, delivered on commit) that it moved — at most once a second per campaign, across
 * processes. When the last notice went out is written in that same transaction, so a transaction
 * that rolls back (and runs again) leaves no trace that would swallow its notice; a campaign whose
 * row another transaction holds right now is skipped, as that one notices.
 */

export const RUN_MOVED_CHANNEL = 'run_progress';

/** In a transaction that moved enrollments of these campaigns; `now` on the engine's clock (the database's when absent). */
export async function notifyRunMoved(tx: Queryable, campaignIds: readonly string[], now?: number): Promise<void> {
  if (campaignIds.length === 0) return;
  // In id order: two transactions inserting the same campaigns' first rows never wait on each other in a circle.
  const sorted = [...campaignIds].sort();
  const interval = RUN_PROGRESS_INTERVAL_MS / 1000;
  const at = now === undefined ? 'clock_now()' : '$3::timestamptz';
  await tx.query(
    `WITH first AS (
       INSERT INTO run_progress_notices (campaign_id, noticed_at) SELECT unnest($1::uuid[]), ${at}
       ON CONFLICT (campaign_id) DO NOTHING RETURNING campaign_id),
     again AS (
       UPDATE run_progress_notices n SET noticed_at = ${at}
       WHERE n.campaign_id IN (
         SELECT campaign_id FROM run_progress_notices
         WHERE campaign_id = ANY($1::uuid[]) AND noticed_at <= ${at} - make_interval(secs => $2::float8)
         FOR UPDATE SKIP LOCKED)
       RETURNING n.campaign_id)
     SELECT pg_notify('${RUN_MOVED_CHANNEL}', campaign_id::text) FROM (SELECT campaign_id FROM first UNION SELECT campaign_id FROM again) moved`,
    now === undefined ? [sorted, interval] : [sorted, interval, ts(now)],
  );
}

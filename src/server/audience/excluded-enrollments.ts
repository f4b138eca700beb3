import type { Queryable } from '../db/types';
import { emitEvents } from '../events';
import { notifyRunMoved } from '../run-view/progress-feed';
import { prospectFinishedData } from '../runs/run-events';
import { ts } from '../runs/time-sql';
import { cancelPendingActions } from '../runs/write-plan';

/**
 * Contract 10.3, enforced again before each action: an enrolled prospect who went on the do-not-contact
 * list (audience/exclusions.ts `excludedProspectSql`) ends before their next action — status `stopped`,
 * outcome `excluded`, the step they stood on skipped with the reason, their actions not yet offered
 * cancelled (quota slots given back), `prospect.finished` emitted. The engine's action claim calls it
 * in its transaction for the enrollments whose action it did not offer for that reason.
 */

/** What the timeline says on the step that was not done. */
export const EXCLUDED_STEP_NOTE = 'Not sent: this person is on the do-not-contact list.';

export async function stopExcludedEnrollments(tx: Queryable, enrollmentIds: readonly string[], now: number): Promise<void> {
  if (enrollmentIds.length === 0) return;
  const { rows } = await tx.query<{
    id: string;
    workspace_id: string;
    campaign_id: string;
    prospect_id: string;
    sender_account_id: string | null;
    current_node_id: string | null;
    open_step: string | null;
  }>(
    `UPDATE enrollments SET status = 'stopped', outcome = 'excluded', finished_at = $2, next_step_at = NULL
     WHERE id = ANY($1::uuid[]) AND status IN ('waiting', 'active')
     RETURNING id, workspace_id, campaign_id, prospect_id, sender_account_id, current_node_id, open_step`,
    [enrollmentIds, ts(now)],
  );
  if (rows.length === 0) return;
  await tx.query(
    `UPDATE enrollment_steps SET status = 'skipped', finished_at = $2, error = $3
     WHERE position = ANY($1::bigint[]) AND status IN ('scheduled', 'running')`,
    [rows.flatMap((r) => (r.open_step === null ? [] : [String(r.open_step)])), ts(now), EXCLUDED_STEP_NOTE],
  );
  await cancelPendingActions(
    tx,
    rows.map((r) => r.id),
  );
  for (const workspaceId of new Set(rows.map((r) => r.workspace_id)))
    await emitEvents(
      tx,
      workspaceId,
      'prospect.finished',
      rows
        .filter((r) => r.workspace_id === workspaceId)
        .map((r) => prospectFinishedData(r, { status: 'stopped', outcome: 'excluded', nodeId: r.current_node_id, error: null, at: now })),
    );
  for (const campaignId of new Set(rows.map((r) => r.campaign_id))) await notifyRunMoved(tx, campaignId, now);
}

import type { CampaignStatus } from '../../domain/contract/campaigns';
import type { RunCommand } from '../../domain/contract/runs';
import type { EventType } from '../../domain/contract/webhooks';
import type { Db } from '../db/types';
import { emitEvent } from '../events';
import type { WorkspaceRef } from '../http/auth';
import type { ChangeOrigin } from '../http/change-origin';
import { ApiError } from '../http/errors';
import { campaignNotFound, getCampaign, type Campaign } from '../campaigns/service';
import { notifyRunMoved } from '../run-view/progress-feed';
import { cancelPendingActions } from './write-plan';
import { reslotPausedActions, type Pacing } from './reslot';
import { wakeRuns } from './wake';
import { toIso } from '../../domain/time';

/** Contract 9.3: pause / resume / stop, each a move of the campaign's status and the event it emits. */
const MOVES = {
  pause: { from: ['active'], to: 'paused', event: 'campaign.paused' },
  resume: { from: ['paused'], to: 'active', event: 'campaign.resumed' },
  stop: { from: ['active', 'paused'], to: 'completed', event: 'campaign.completed' },
} as const satisfies Record<RunCommand, { from: readonly CampaignStatus[]; to: CampaignStatus; event: EventType }>;

const notActive = (status: string) =>
  new ApiError(
    409,
    'campaign_not_active',
    status === 'draft' ? 'This campaign has not been launched yet.' : 'This campaign has finished: it cannot run again.',
    { status },
  );

/**
 * Moves a launched campaign (contract 9.3): asking for the status it already has answers it unchanged;
 * from a draft, or out of completed, is 409 campaign_not_active. Stop ends every unfinished enrollment
 * as stopped and cancels the actions not yet offered (their quota slots given back), in one transaction;
 * resume re-slots the actions whose slot passed while paused, so they do not go out in a burst.
 */
export async function steerCampaign(
  db: Db,
  workspace: WorkspaceRef,
  campaignId: string,
  command: RunCommand,
  origin: ChangeOrigin,
  pacing: Pacing,
): Promise<Campaign> {
  const move = MOVES[command];
  await db.transaction(async (tx) => {
    const found = await tx.query<{ status: CampaignStatus; name: string; updated_at: Date | string }>(
      'SELECT status, name, updated_at FROM campaigns WHERE id = $1 AND workspace_id = $2 FOR UPDATE',
      [campaignId, workspace.id],
    );
    const row = found.rows[0];
    if (!row) throw campaignNotFound();
    if (row.status === move.to) return;
    if (!(move.from as readonly string[]).includes(row.status)) throw notActive(row.status);
    await tx.query('UPDATE campaigns SET status = $3 WHERE id = $1 AND workspace_id = $2', [campaignId, workspace.id, move.to]);
    if (command === 'stop') {
      const stopped = await tx.query<{ id: string }>(
        `UPDATE enrollments SET status = 'stopped', outcome = 'stopped', finished_at = now(), next_step_at = NULL
         WHERE campaign_id = $1 AND status IN ('waiting', 'active') RETURNING id`,
        [campaignId],
      );
      await cancelPendingActions(
        tx,
        stopped.rows.map((e) => e.id),
      );
    }
    await emitEvent(
      tx,
      workspace.id,
      move.event,
      { campaignId, workspaceId: workspace.id, name: row.name, status: move.to, updated_at: toIso(row.updated_at) },
      origin,
    );
    await notifyRunMoved(tx, campaignId);
    if (command === 'resume') {
      await reslotPausedActions(tx, campaignId, pacing);
      await wakeRuns(tx);
    }
  });
  return getCampaign(db, workspace, campaignId);
}

import type { CampaignStatus } from '../../domain/contract/campaigns';
import { UNFINISHED_ENROLLMENT_STATUSES_SQL } from '../../domain/contract/statuses';
import type { RunCommand } from '../../domain/contract/runs';
import type { EventType } from '../../domain/contract/webhooks';
import type { Db, Queryable } from '../db/types';
import { emitEvent } from '../events';
import type { WorkspaceRef } from '../http/auth';
import type { ChangeOrigin } from '../http/change-origin';
import { ApiError } from '../http/errors';
import { campaignNotFound, getCampaign, type Campaign } from '../campaigns/service';
import { ts } from '../db/time-sql';
import { cancelActions } from './action-store';
import type { EngineSettings } from './engine-deps';
import { GateSession } from './gate';
import { notifyRunMoved } from './progress-notice';
import { reslotPausedActions } from './reslot';
import { wakeRuns } from './wake';
import { toIso } from '../../domain/time';

/** Contract 9.3: pause / resume / stop, each a move of the campaign's status and the event it emits. */
const MOVES = {
  pause: { from: ['active'], to: 'paused', event: 'campaign.paused' },
  resume: { from: ['paused'], to: 'active', event: 'campaign.resumed' },
  stop: { from: ['active', 'paused'], to: 'completed', event: 'campaign.completed' },
} as const satisfies Record<RunCommand, { from: readonly CampaignStatus[]; to: CampaignStatus; event: EventType }>;

export const notActive = (status: string) =>
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
  settings: EngineSettings,
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
    const now = await settings.clock.now(tx);
    if (command === 'stop') {
      await stopEnrollments(tx, campaignId, now);
      await tx.query('DELETE FROM campaigns WHERE revision_of = $1', [campaignId]); // contract 10.4: stopping discards the open revision
    }
    await emitEvent(
      tx,
      workspace.id,
      move.event,
      { campaignId, workspaceId: workspace.id, name: row.name, status: move.to, updated_at: toIso(row.updated_at) },
      origin,
    );
    await notifyRunMoved(tx, [campaignId], now);
    if (command === 'resume') {
      await reslotPausedActions(tx, campaignId, settings, now);
      await wakeRuns(tx);
    }
  });
  return getCampaign(db, workspace, campaignId);
}

/**
 * Stop (contract 9.3): every unfinished enrollment of the campaign ends as stopped, the step it stood
 * on ends as skipped (no timeline is left running), and its actions not yet offered are cancelled with
 * their quota slots given back.
 */
async function stopEnrollments(tx: Queryable, campaignId: string, now: number): Promise<void> {
  const stopped = await tx.query<{ id: string }>(
    `WITH stopped AS (
       UPDATE enrollments SET status = 'stopped', outcome = 'stopped', finished_at = $2, next_step_at = NULL
       WHERE campaign_id = $1 AND status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL}) RETURNING id, open_step),
     skipped AS (
       UPDATE enrollment_steps s SET status = 'skipped', finished_at = $2 FROM stopped
       WHERE s.position = stopped.open_step AND s.status IN ('scheduled', 'running'))
     SELECT id FROM stopped`,
    [campaignId, ts(now)],
  );
  const gate = new GateSession(tx);
  await cancelActions(tx, gate, { enrollmentIds: stopped.rows.map((e) => e.id) }, now);
  await gate.flush();
}

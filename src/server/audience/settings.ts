import type { Account } from '../../domain/contract/conversations';
import { completeSchedule, type DailyLimits, type ScheduleInput } from '../../domain/contract/schedule';
import type { Db } from '../db/types';
import { engineHooks } from '../hooks';
import { ApiError, notFound } from '../http/errors';
import type { WorkspaceRef } from '../http/auth';
import { campaignIsRevision, campaignNotFound, getCampaign, type Campaign } from '../campaigns/service';
import { listAccounts } from '../conversations/queries';

/** Contract 9.3 run settings: a campaign's sending window and a sender's daily limits. */

/** PUT /api/v1/campaigns/{id}/schedule: draft or paused campaigns only; answers the campaign record. */
export async function updateCampaignSchedule(db: Db, workspace: WorkspaceRef, campaignId: string, input: ScheduleInput): Promise<Campaign> {
  const schedule = completeSchedule(input);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; revision_of: string | null }>(
      'SELECT status, revision_of FROM campaigns WHERE id = $1 AND workspace_id = $2 FOR UPDATE',
      [campaignId, workspace.id],
    );
    const status = rows[0]?.status;
    if (status === undefined) throw campaignNotFound();
    if (rows[0]!.revision_of !== null) throw campaignIsRevision(rows[0]!.revision_of); // contract 10.4: the parent's schedule applies
    if (status !== 'draft' && status !== 'paused')
      throw new ApiError(
        409,
        'campaign_not_draft',
        `The campaign is ${status}; its sending window can change only while it is a draft or paused.`,
        {
          status,
          hint: 'Pause the campaign first (pause-campaign), then change its schedule and resume it.',
        },
      );
    await tx.query('UPDATE campaigns SET schedule = $2::jsonb WHERE id = $1', [campaignId, JSON.stringify(schedule)]);
  });
  return getCampaign(db, workspace, campaignId);
}

/**
 * PATCH /api/messaging/accounts/{id} {dailyLimits}: the kinds given replace theirs; answers the account.
 * The run engine gives back, in the same transaction, the slots the sender holds above a lowered limit.
 */
export async function updateDailyLimits(db: Db, workspaceId: string, accountId: string, limits: Partial<DailyLimits>): Promise<Account> {
  const updated = await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'UPDATE accounts SET daily_limits = daily_limits || $3::jsonb WHERE id = $1 AND workspace_id = $2',
      [accountId, workspaceId, JSON.stringify(limits)],
    );
    if (rowCount > 0) await engineHooks().limitsChanged(tx, accountId);
    return rowCount > 0;
  });
  const account = updated ? (await listAccounts(db, workspaceId, accountId))[0] : undefined;
  if (!account) throw notFound('Account');
  return account;
}

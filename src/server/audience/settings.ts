import type { Account } from '../../domain/contract/conversations';
import { completeSchedule, type ScheduleInput } from '../../domain/contract/schedule';
import type { AccountPatch } from '../../domain/contract/accounts';
import type { Db } from '../db/types';
import { engineHooks } from '../hooks';
import { ApiError } from '../http/errors';
import type { WorkspaceRef } from '../http/auth';
import { campaignIsRevision, campaignNotFound, getCampaign, type Campaign } from '../campaigns/service';
import { listAccounts } from '../conversations/queries';

/** Contract 9.3 and 10.2 run settings: a campaign's sending window and a sender's limits. */

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

/** Where a future warm-up start is reported: the REST body's field, or the tool's argument. */
type ErrorCodeOfInput = 'invalid_request' | 'invalid_arguments';

/**
 * PATCH /api/messaging/accounts/{id} (contract 9.3, 10.2): each field given replaces its value, the
 * limits' kinds given replace theirs (a weekly limit set to null is removed); answers the account.
 * A warm-up may not start after today in the account's zone. The run engine gives back, in the same
 * transaction, the slots the sender holds above lowered limits.
 */
export async function updateSenderAccount(
  db: Db,
  workspaceId: string,
  accountId: string,
  patch: AccountPatch,
  code: ErrorCodeOfInput = 'invalid_request',
): Promise<Account> {
  const weekly = Object.entries(patch.weeklyLimits ?? {});
  const updated = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ time_zone: string; today: string }>(
      `SELECT time_zone, (clock_now() AT TIME ZONE coalesce($3, time_zone))::date::text AS today
       FROM accounts WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
      [accountId, workspaceId, patch.timeZone ?? null],
    );
    const found = rows[0];
    if (!found) return false;
    if (patch.warmUp && patch.warmUp.startedOn > found.today) {
      const zone = patch.timeZone ?? found.time_zone;
      const message = `must not be in the future: today is ${found.today} in the account’s time zone (${zone})`;
      throw new ApiError(400, code, `The warm-up’s start date ${message}.`, { errors: [{ path: 'warmUp.startedOn', message }] });
    }
    await tx.query(
      `UPDATE accounts SET time_zone = coalesce($2, time_zone), daily_limits = daily_limits || $3::jsonb,
         weekly_limits = (weekly_limits || $4::jsonb) - $5::text[],
         warm_up = CASE WHEN $6 THEN $7::jsonb ELSE warm_up END
       WHERE id = $1`,
      [
        accountId,
        patch.timeZone ?? null,
        JSON.stringify(patch.dailyLimits ?? {}),
        JSON.stringify(Object.fromEntries(weekly.filter(([, n]) => n !== null))),
        weekly.filter(([, n]) => n === null).map(([kind]) => kind),
        patch.warmUp !== undefined,
        patch.warmUp ? JSON.stringify(patch.warmUp) : null,
      ],
    );
    await engineHooks().limitsChanged(tx, accountId);
    return true;
  });
  const account = updated ? (await listAccounts(db, workspaceId, accountId))[0] : undefined;
  if (!account)
    throw new ApiError(404, 'not_found', 'Account not found.', {
      hint: 'Check accountId: the campaign’s senderAccountIds (get-campaign) name this workspace’s sender accounts.',
    });
  return account;
}

import type { WorkspaceRef } from '../http/auth';
import type { Queryable } from '../db/types';
import { deleteDraft, findCampaignState, updateCampaignSettings } from './queries';
import { campaignNotFound, checkedSenderIds, notDraft, toCampaign, type Campaign } from './service';

/**
 * A campaign's settings beside its graph: rename, change the sender accounts (any status: contract
 * 9.4 says how a run treats a removed sender), delete a draft. None of them is a graph save, so
 * updated_at (the stamp a save or launch is checked against) does not move.
 */

/** update-campaign and PATCH /api/v1/campaigns/{id}: a new name and/or the complete new list of senders. */
export async function updateCampaign(
  db: Queryable,
  workspace: WorkspaceRef,
  input: { campaignId: string; name?: string | undefined; senderAccountIds?: readonly string[] | undefined },
): Promise<Campaign> {
  const senderIds = input.senderAccountIds && (await checkedSenderIds(db, workspace, input.senderAccountIds)).ids;
  const row = await updateCampaignSettings(db, {
    workspaceId: workspace.id,
    campaignId: input.campaignId,
    name: input.name,
    senderAccountIds: senderIds,
  });
  if (!row) throw campaignNotFound();
  return toCampaign(row);
}

/** delete-campaign and DELETE /api/v1/campaigns/{id}: only a draft (a launched campaign has a run to keep). */
export async function deleteCampaign(
  db: Queryable,
  workspace: WorkspaceRef,
  campaignId: string,
): Promise<{ campaignId: string; deleted: true }> {
  if (await deleteDraft(db, workspace.id, campaignId)) return { campaignId, deleted: true };
  const state = await findCampaignState(db, workspace.id, campaignId);
  if (!state) throw campaignNotFound();
  throw notDraft(state.status, 'can be deleted (duplicate it to get an editable draft)');
}

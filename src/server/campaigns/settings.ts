import type { WorkspaceRef } from '../http/auth';
import type { Db, Queryable } from '../db/types';
import { engineHooks } from '../hooks';
import { deleteDraft, findCampaignState, updateCampaignSettings } from './queries';
import { ApiError } from '../http/errors';
import { campaignIsRevision, campaignNotFound, checkedSenderIds, notDraft, toCampaign, type Campaign } from './service';

/**
 * A campaign's settings beside its graph: rename, change the sender accounts (any status: contract
 * 9.4 says how a run treats a removed sender), archive or restore (contract 4), delete a draft. None of them is a graph save, so
 * updated_at (the stamp a save or launch is checked against) does not move.
 */

/** update-campaign and PATCH /api/v1/campaigns/{id}: a new name, the complete new list of senders, archived or not. */
export async function updateCampaign(
  db: Db,
  workspace: WorkspaceRef,
  input: {
    campaignId: string;
    name?: string | undefined;
    senderAccountIds?: readonly string[] | undefined;
    archived?: boolean | undefined;
  },
): Promise<Campaign> {
  const senderIds = input.senderAccountIds && (await checkedSenderIds(db, workspace, input.senderAccountIds)).ids;
  const row = await db.transaction(async (tx) => {
    const updated = await updateCampaignSettings(tx, {
      workspaceId: workspace.id,
      campaignId: input.campaignId,
      name: input.name,
      senderAccountIds: senderIds,
      archived: input.archived,
    });
    // Contract 9.4: what a removed sender had not yet offered goes back to the engine, which holds or moves it.
    if (updated && senderIds) await engineHooks().sendersChanged(tx, input.campaignId);
    return updated;
  });
  if (row) return toCampaign(row);
  const state = await findCampaignState(db, workspace.id, input.campaignId);
  if (!state) throw campaignNotFound();
  if (state.revision_of !== null) throw campaignIsRevision(state.revision_of);
  // Contract 4: the only refusal of a known campaign here is archiving it while it runs.
  throw new ApiError(409, 'campaign_running', 'The campaign is running: pause or stop it before archiving it.', { status: state.status });
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

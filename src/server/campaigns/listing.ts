import { toIso, type WorkflowDefinition } from '../../domain';
import type { CampaignStats, CampaignSummary } from '../../domain/contract/campaigns';
import type { Queryable } from '../db/types';
import { ApiError } from '../http/errors';
import { cursorCodec, pageOf, timeIdKey, type TimeIdKey } from '../http/pagination';
import type { WorkspaceRef } from '../http/auth';
import { campaignStats } from '../results/counters';
import { findCampaignState, findVersion, listCampaignRows, listVersionRows, type CampaignStatus } from './queries';
import { campaignNotFound, inView, invalidArguments, toCampaign, type Campaign, type CampaignView } from './service';

/** Reading campaigns page by page (list-campaigns, GET /api/v1/campaigns) and a campaign's saved graphs (contract 4, 8.1). */

// ---- listing -------------------------------------------------------------------------------------

/** list-campaigns' page size when the caller names none. */
export const DEFAULT_CAMPAIGN_PAGE = 50;

/** list-campaigns: newest updated_at first, ties by id; signed cursors bound to the status and archive filters. */
export async function listCampaigns(
  db: Queryable,
  workspace: WorkspaceRef,
  input: { status?: CampaignStatus; archived?: boolean | undefined; limit: number; cursor?: string; view?: CampaignView },
): Promise<{ items: Array<(Campaign | CampaignSummary) & { stats: CampaignStats }>; nextCursor: string | null }> {
  const archived = input.archived ?? false;
  const codec = cursorCodec(db, 'campaigns', { workspaceId: workspace.id, status: input.status ?? null, archived }, timeIdKey);
  let after: TimeIdKey | undefined;
  try {
    after = await codec.decode(input.cursor);
  } catch (err) {
    // Contract 3 names no cursor code for tools: a cursor is an argument like any other.
    if (err instanceof ApiError && err.code === 'invalid_cursor')
      throw invalidArguments(err.detail, [{ path: 'cursor', message: 'Not a cursor list-campaigns issued for these filters.' }]);
    throw err;
  }
  const rows = await listCampaignRows(db, {
    workspaceId: workspace.id,
    status: input.status,
    archived,
    after: after && { updatedAt: after[0], id: after[1] },
    limit: input.limit + 1,
  });
  const page = await pageOf(rows, input.limit, codec, (row) => [toIso(row.updated_at), row.id] as TimeIdKey);
  // Contract 10.1: each item's numbers, from the results' counters.
  const stats = await campaignStats(
    db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => ({ ...inView(toCampaign(row), input.view), stats: stats.get(row.id)! })),
    nextCursor: page.nextCursor,
  };
}

// ---- saved-graph history -----------------------------------------------------------------------------

export async function listCampaignVersions(db: Queryable, workspace: WorkspaceRef, campaignId: string) {
  if (!(await findCampaignState(db, workspace.id, campaignId))) throw campaignNotFound();
  const [current, ...earlier] = (await listVersionRows(db, campaignId)).map((r) => ({
    version: r.version,
    savedAt: toIso(r.saved_at),
    nodeCount: r.node_count,
    edgeCount: r.edge_count,
    savedVia: r.saved_via,
    summary: r.summary,
  }));
  return { items: earlier, current: current! };
}

export async function getCampaignVersion(db: Queryable, workspace: WorkspaceRef, campaignId: string, version: number) {
  if (!(await findCampaignState(db, workspace.id, campaignId))) throw campaignNotFound();
  const row = await findVersion(db, campaignId, version);
  if (!row) throw new ApiError(404, 'not_found', `Campaign has no version ${version}: list them with list-campaign-versions.`);
  return {
    version: row.version,
    savedAt: toIso(row.saved_at),
    workflow_definition: JSON.parse(row.workflow_definition) as WorkflowDefinition,
  };
}

import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { fetchCampaign } from './campaigns';
import type { CampaignVersion } from '../../domain/contract/campaigns';
import { callTool } from './mcp';

/** Server data for the editor's power features (launch review, saved-graph history) and the merge's base. */

export type { CampaignVersion, CampaignVersionInfo } from '../../domain/contract/campaigns';

export const powerKeys = {
  versions: (workspaceId: string | null, campaignId: string) => ['campaigns', workspaceId, 'versions', campaignId] as const,
  version: (workspaceId: string | null, campaignId: string, version: number) =>
    ['campaigns', workspaceId, 'versions', campaignId, version] as const,
  review: (workspaceId: string | null, campaignId: string) => ['campaigns', workspaceId, 'launch-review', campaignId] as const,
};

/** list-campaign-versions: the current version and the earlier ones, newest first (every save keeps the graph it replaced). */
export function useCampaignVersions(campaignId: string, enabled = true) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: powerKeys.versions(workspaceId, campaignId),
    enabled,
    staleTime: 0,
    queryFn: () => callTool('list-campaign-versions', { campaignId }),
  });
}

/** get-campaign-version: one earlier graph; a saved version never changes, so it is cached for good. */
export function useCampaignVersion(campaignId: string, version: number | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: powerKeys.version(workspaceId, campaignId, version ?? 0),
    enabled: version !== null,
    staleTime: Infinity,
    queryFn: () => callTool('get-campaign-version', { campaignId, version: version ?? 0 }),
  });
}

/**
 * The saved campaign as the server holds it right now, for the launch review (spec 3.1: inspect
 * the saved graph, not the canvas). Always fetched fresh, never from the editor's cache.
 */
export function useSavedCampaignForReview(campaignId: string, enabled: boolean) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: powerKeys.review(workspaceId, campaignId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: () => fetchCampaign(campaignId),
  });
}

/**
 * The saved graph a campaign had at `updatedAt` (each save's version is stamped with the
 * updated_at it got), from the version history; null when no version has that stamp. The merge of
 * a stale edit reads its base with it when the editor does not hold it (a draft restored after a reload).
 */
export async function fetchVersionSavedAt(campaignId: string, updatedAt: string): Promise<CampaignVersion | null> {
  const at = Date.parse(updatedAt);
  const { items } = await callTool('list-campaign-versions', { campaignId });
  const match = items.find((v) => Date.parse(v.savedAt) === at);
  return match ? callTool('get-campaign-version', { campaignId, version: match.version }) : null;
}

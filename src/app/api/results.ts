import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignResultsSchema, type CampaignResults } from '../../domain/contract/results';
import type { VariantId } from '../../domain/variants';
import { useSession } from '../session';
import { apiCall } from './http';

/** Contract 10.1 for the Results view: a campaign's results, and choosing a step's winning variant. */

export type { CampaignResults, StepResult } from '../../domain/contract/results';

const resultsKey = (workspaceId: string | null, campaignId: string) => ['campaign-results', workspaceId, campaignId] as const;

const resultsQuery = (workspaceId: string | null, campaignId: string) => ({
  queryKey: resultsKey(workspaceId, campaignId),
  refetchInterval: 10_000,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiCall(campaignResultsSchema, `/api/v1/campaigns/${campaignId}/results`, { signal })).data,
});

/** GET /api/v1/campaigns/{id}/results, read again every 10 s while shown (counters: a cheap read). */
export function useCampaignResults(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery(resultsQuery(workspaceId, campaignId));
}

/**
 * One part of the results (a step card's variant counts) from the same read: its reader re-renders only
 * when that part changes. `select` must be stable.
 */
export function useCampaignResultsPart<T>(campaignId: string, select: (results: CampaignResults) => T): T | undefined {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({ ...resultsQuery(workspaceId, campaignId), select }).data;
}

/** POST …/steps/{nodeId}/winner: answers the results, which replace the ones shown. */
export function useChooseWinner(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ nodeId, variantId }: { nodeId: string; variantId: VariantId }): Promise<CampaignResults> =>
      (
        await apiCall(campaignResultsSchema, `/api/v1/campaigns/${campaignId}/steps/${encodeURIComponent(nodeId)}/winner`, {
          method: 'POST',
          body: { variantId },
        })
      ).data,
    onSuccess: (results) => client.setQueryData(resultsKey(workspaceId, campaignId), results),
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { revisionImpactSchema } from '../../domain/contract/revisions';
import { useSession } from '../session';
import { campaignKeys } from './campaigns';
import { apiCall } from './http';
import { queryClient } from './query-client';
import { runKey } from './runs';

/** Contract 10.4 for the editor: open a revision of a running campaign, its impact, publish it, discard it. */

export type { RevisionImpact } from '../../domain/contract/revisions';

const revisionsPath = (campaignId: string) => `/api/v1/campaigns/${campaignId}/revisions`;

/** Forgets the campaign's cached reads (its openRevisionId, its graph, its run's places changed). */
const forget = async (campaignId: string) => {
  const workspaceId = useSession.getState().workspaceId;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.one(workspaceId, campaignId) }),
    queryClient.invalidateQueries({ queryKey: runKey(workspaceId, campaignId) }),
    queryClient.invalidateQueries({ queryKey: ['run-enrollments', workspaceId, campaignId] }),
  ]);
};

/** The open revision's id: the one already open, else a new one. */
export async function openRevision(campaign: { campaignId: string; openRevisionId: string | null }): Promise<string> {
  if (campaign.openRevisionId !== null) return campaign.openRevisionId;
  const { data } = await apiCall(campaignRecordSchema, revisionsPath(campaign.campaignId), { method: 'POST' });
  await forget(campaign.campaignId);
  return data.campaignId;
}

export function useRevisionImpact(campaignId: string, revisionId: string, updatedAt: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['revision-impact', workspaceId, revisionId, updatedAt],
    queryFn: async ({ signal }) =>
      (await apiCall(revisionImpactSchema, `${revisionsPath(campaignId)}/${revisionId}/impact`, { signal })).data,
  });
}

export async function publishRevision(
  campaignId: string,
  body: { revisionId: string; inspectedUpdatedAt: string; moves: Record<string, string> },
): Promise<void> {
  await apiCall(campaignRecordSchema, `/api/v1/campaigns/${campaignId}/publish`, { method: 'POST', body: { ...body, confirm: true } });
  await forget(campaignId);
}

export async function discardRevision(campaignId: string, revisionId: string): Promise<void> {
  await apiCall(z.null(), `${revisionsPath(campaignId)}/${revisionId}`, { method: 'DELETE' });
  await forget(campaignId);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { enrollmentPageSchema, timelineSchema } from '../../domain/contract/enrollments';
import { MAX_LIMIT } from '../../domain/contract/pagination';
import { campaignRunSchema, type CampaignRun, type RunCommand } from '../../domain/contract/runs';
import type { EnrollmentStatus } from '../../domain/contract/statuses';
import { useSession } from '../session';
import { campaignKeys } from './campaigns';
import { apiFetch, currentWorkspaceId } from './http';
import { queryClient } from './query-client';

/** Contract 9.5 / 9.2 / 9.3 for the run view: the run body, its prospects, a prospect's timeline, pause / resume / stop. */

export type { CampaignRun, RunCommand } from '../../domain/contract/runs';

export const runKey = (workspaceId: string | null, campaignId: string) => ['campaign-run', workspaceId, campaignId] as const;

/** GET /api/v1/campaigns/{id}/run; the changes stream's `run.progress` writes the same cache entry (useRunProgress). */
export function useCampaignRun(campaignId: string, enabled = true) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: runKey(workspaceId, campaignId),
    enabled,
    staleTime: Infinity, // live: run.progress keeps it fresh
    queryFn: async ({ signal }) =>
      campaignRunSchema.parse(
        (await apiFetch(`/api/v1/campaigns/${campaignId}/run`, { query: { workspaceId: currentWorkspaceId() }, signal })).data,
      ),
  });
}

/** Puts a `run.progress` body in the cache (no refetch, the canvas keeps its graph). */
export function storeRunProgress(campaignId: string, run: CampaignRun): void {
  queryClient.setQueryData(runKey(useSession.getState().workspaceId, campaignId), run);
}

export interface EnrollmentFilters {
  status?: EnrollmentStatus;
  nodeId?: string;
}

/** The first page (the largest the contract allows) of the run's prospects with the filters of the list. */
export function useRunEnrollments(campaignId: string, filters: EnrollmentFilters) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['run-enrollments', workspaceId, campaignId, filters.status ?? null, filters.nodeId ?? null],
    staleTime: 5_000,
    queryFn: async ({ signal }) =>
      enrollmentPageSchema.parse(
        (
          await apiFetch(`/api/v1/campaigns/${campaignId}/enrollments`, {
            query: { workspaceId: currentWorkspaceId(), limit: MAX_LIMIT, status: filters.status, nodeId: filters.nodeId },
            signal,
          })
        ).data,
      ),
  });
}

/** GET /api/v1/enrollments/{id}/timeline. */
export function useEnrollmentTimeline(enrollmentId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['enrollment-timeline', workspaceId, enrollmentId],
    enabled: enrollmentId !== null,
    queryFn: async ({ signal }) =>
      timelineSchema.parse(
        (await apiFetch(`/api/v1/enrollments/${enrollmentId}/timeline`, { query: { workspaceId: currentWorkspaceId() }, signal })).data,
      ).items,
  });
}

/** Contract 9.3: POST /api/v1/campaigns/{id}/pause|resume|stop → the campaign record; the run and the campaign are read again. */
export function useRunCommand(campaignId: string) {
  const client = useQueryClient();
  const workspaceId = useSession((s) => s.workspaceId);
  return useMutation({
    mutationFn: async (command: RunCommand) =>
      campaignRecordSchema.parse(
        (await apiFetch(`/api/v1/campaigns/${campaignId}/${command}`, { method: 'POST', query: { workspaceId: currentWorkspaceId() } }))
          .data,
      ),
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(workspaceId, campaignId), campaign);
      void client.invalidateQueries({ queryKey: runKey(workspaceId, campaignId) });
    },
  });
}

import { normaliseProfileUrl } from '../../domain/profile-url';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { conversationPageSchema } from '../../domain/contract/conversations';
import { prospectDetailSchema, prospectPageSchema } from '../../domain/contract/prospects';
import { enrollmentPageSchema, timelineSchema } from '../../domain/contract/enrollments';
import { MAX_LIMIT } from '../../domain/contract/pagination';
import { campaignRunSchema, type CampaignRun, type RunCommand } from '../../domain/contract/runs';
import type { EnrollmentStatus } from '../../domain/contract/statuses';
import { useSession } from '../session';
import { campaignKeys, rememberCampaignStatus } from './campaigns';
import { apiCall } from './http';
import { queryClient } from './query-client';

/** Contract 9.5 / 9.2 / 9.3 for the run view: the run body, its prospects, a prospect's timeline, pause / resume / stop. */

export type { CampaignRun, RunCommand } from '../../domain/contract/runs';

export const runKey = (workspaceId: string | null, campaignId: string) => ['campaign-run', workspaceId, campaignId] as const;

const runQuery = (workspaceId: string | null, campaignId: string) => ({
  queryKey: runKey(workspaceId, campaignId),
  staleTime: Infinity, // live: run.progress keeps it fresh
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiCall(campaignRunSchema, `/api/v1/campaigns/${campaignId}/run`, { signal })).data,
});

/** GET /api/v1/campaigns/{id}/run; the changes stream's `run.progress` writes the same cache entry (useRunProgress). */
export function useCampaignRun(campaignId: string, enabled = true) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({ ...runQuery(workspaceId, campaignId), enabled });
}

/** The run body read afresh when the reader mounts: the launch review's forecast starts from the prospects enrolled now. */
export function useFreshCampaignRun(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({ ...runQuery(workspaceId, campaignId), staleTime: 0, refetchOnMount: 'always' });
}

/**
 * One part of the run body (a step's counts, a connection's flow), undefined until the run is read:
 * its reader re-renders only when that part changes, not on every step's progress. `select` must be stable.
 */
export function useCampaignRunPart<T>(campaignId: string, select: (run: CampaignRun) => T, enabled = true): T | undefined {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({ ...runQuery(workspaceId, campaignId), enabled, select }).data;
}

/** Puts a `run.progress` body in the cache (no refetch, the canvas keeps its graph), and its campaign status with the campaign's. */
export function storeRunProgress(campaignId: string, run: CampaignRun): void {
  queryClient.setQueryData(runKey(useSession.getState().workspaceId, campaignId), run);
  rememberCampaignStatus(queryClient, campaignId, run.status);
}

export interface EnrollmentFilters {
  status?: EnrollmentStatus;
  nodeId?: string;
  /** The prospect's name, headline, company or profile holds it. */
  search?: string;
}

/** The run's prospects with the filters of the list, a page (the largest the contract allows) at a time (cursor). */
export function useRunEnrollments(campaignId: string, filters: EnrollmentFilters) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: ['run-enrollments', workspaceId, campaignId, filters.status ?? null, filters.nodeId ?? null, filters.search ?? ''],
    staleTime: 5_000,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiCall(enrollmentPageSchema, `/api/v1/campaigns/${campaignId}/enrollments`, {
          query: {
            limit: MAX_LIMIT,
            status: filters.status,
            nodeId: filters.nodeId,
            search: filters.search || undefined,
            cursor: pageParam,
          },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * A campaign's enrollment of the prospect with this profile (the inbox thread's link to the timeline):
 * the prospect found by its profile among the campaign's, then its enrollment there (contract 9.1 detail).
 */
export function useProspectEnrollment(campaignId: string, profileUrl: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['prospect-enrollment', workspaceId, campaignId, profileUrl],
    enabled: profileUrl !== null,
    queryFn: async ({ signal }) => {
      // A conversation's contact may spell the profile another way: prospects are stored by the one rule (contract 10.3).
      const stored = normaliseProfileUrl(profileUrl!) ?? profileUrl;
      const page = (await apiCall(prospectPageSchema, '/api/v1/prospects', { query: { campaignId, search: stored, limit: 10 }, signal }))
        .data;
      const prospect = page.items.find((p) => p.profileUrl === stored) ?? page.items[0];
      if (!prospect) return null;
      const detail = (await apiCall(prospectDetailSchema, `/api/v1/prospects/${prospect.prospectId}`, { signal })).data;
      const enrollmentId = detail.campaigns.find((c) => c.campaignId === campaignId)?.enrollmentId;
      return enrollmentId
        ? { enrollmentId, name: prospect.name ?? prospect.profileUrl, prospect: { name: prospect.name, profileUrl: prospect.profileUrl } }
        : null;
    },
  });
}

/** The inbox conversation of a campaign's prospect (by name among the campaign's, matched on the profile), or null. */
export function useProspectConversation(campaignId: string, prospect: { name: string | null; profileUrl: string }) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['prospect-conversation', workspaceId, campaignId, prospect.profileUrl],
    queryFn: async ({ signal }) => {
      const page = (
        await apiCall(conversationPageSchema, '/api/messaging/conversations', {
          query: { campaignId, search: prospect.name ?? undefined, limit: 50 },
          signal,
        })
      ).data;
      const same = (url: string | null) => url !== null && normaliseProfileUrl(url) === normaliseProfileUrl(prospect.profileUrl);
      return page.items.find((c) => same(c.contact.profileUrl))?.id ?? null;
    },
  });
}

/** GET /api/v1/enrollments/{id}/timeline. */
export function useEnrollmentTimeline(enrollmentId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['enrollment-timeline', workspaceId, enrollmentId],
    enabled: enrollmentId !== null,
    queryFn: async ({ signal }) => (await apiCall(timelineSchema, `/api/v1/enrollments/${enrollmentId}/timeline`, { signal })).data.items,
  });
}

/** Contract 9.3: POST /api/v1/campaigns/{id}/pause|resume|stop → the campaign record; the run and the campaign are read again. */
export function useRunCommand(campaignId: string) {
  const client = useQueryClient();
  const workspaceId = useSession((s) => s.workspaceId);
  return useMutation({
    mutationFn: async (command: RunCommand) =>
      (await apiCall(campaignRecordSchema, `/api/v1/campaigns/${campaignId}/${command}`, { method: 'POST', workspace: 'query' })).data,
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(workspaceId, campaignId), campaign);
      void client.invalidateQueries({ queryKey: [...campaignKeys.all(workspaceId), 'list'] });
      void client.invalidateQueries({ queryKey: runKey(workspaceId, campaignId) });
    },
  });
}

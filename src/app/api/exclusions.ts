import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  audienceCheckSchema,
  exclusionPageSchema,
  exclusionSchema,
  importExclusionsResultSchema,
  type ExclusionInput,
  type ExclusionKind,
  type ImportExclusionsResult,
} from '../../domain/contract/exclusions';
import { useSession } from '../session';
import { apiCall, type CallOptions } from './http';
import { prospectKeys } from './prospects';

export type { AudienceCheck, Exclusion, ExclusionInput, ExclusionKind, ImportExclusionsResult } from '../../domain/contract/exclusions';

/** The do-not-contact list (contract 10.3): the page's list, adding, importing, removing; the launch review's check; a thread's notice. */

const call = async <S extends z.ZodType>(schema: S, path: string, options: CallOptions = {}): Promise<z.infer<S>> =>
  (await apiCall(schema, path, options)).data;

const PAGE_SIZE = 100;

export const exclusionKeys = {
  all: ['exclusions'] as const,
  list: (workspaceId: string | null, filters: ExclusionFilters) => ['exclusions', workspaceId, 'list', filters] as const,
  person: (workspaceId: string | null, profileUrl: string) => ['exclusions', workspaceId, 'person', profileUrl] as const,
  check: (workspaceId: string | null, campaignId: string) => ['exclusions', workspaceId, 'check', campaignId] as const,
};

export interface ExclusionFilters {
  search: string;
  kind: ExclusionKind | null;
}

/** The list, newest first, a page at a time. */
export function useExclusions(filters: ExclusionFilters) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: exclusionKeys.list(workspaceId, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(exclusionPageSchema, '/api/v1/exclusions', {
        query: { limit: PAGE_SIZE, cursor: pageParam, search: filters.search || undefined, kind: filters.kind },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The entries that keep one person from being contacted (an inbox thread shows them). */
export function useExclusionsOf(profileUrl: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: exclusionKeys.person(workspaceId, profileUrl ?? ''),
    enabled: Boolean(profileUrl),
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (await call(exclusionPageSchema, '/api/v1/exclusions', { query: { limit: 5, profileUrl }, signal })).items,
  });
}

/** The launch review: who of the campaign's prospects is on the list or cannot be reached. */
export function useAudienceCheck(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: exclusionKeys.check(workspaceId, campaignId),
    queryFn: ({ signal }) => call(audienceCheckSchema, `/api/v1/campaigns/${campaignId}/audience-check`, { signal }),
  });
}

/** Changing the list changes who may be enrolled and what the review says. */
function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: exclusionKeys.all });
      void qc.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}

/** One entry; `created` is false when the same kind and value was already on the list (its entry answers). */
export const useAddExclusion = () =>
  useInvalidating(async (input: ExclusionInput) => {
    const { data, response } = await apiCall(exclusionSchema, '/api/v1/exclusions', { method: 'POST', body: input });
    return { entry: data, created: response.status === 201 };
  });

/** Many entries in one request (paste many, a CSV file): rows checked one by one. */
export const useImportExclusions = () =>
  useInvalidating((exclusions: ExclusionInput[]): Promise<ImportExclusionsResult> =>
    call(importExclusionsResultSchema, '/api/v1/exclusions/import', { method: 'POST', body: { exclusions } }),
  );

export const useRemoveExclusion = () =>
  useInvalidating(async (exclusionId: string) => {
    await call(z.null(), `/api/v1/exclusions/${exclusionId}`, { method: 'DELETE' });
  });

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { enrollmentPageSchema, enrollResultSchema, type EnrollmentStatus, type EnrollResult } from '../../domain/contract/enrollments';
import {
  importResultSchema,
  MAX_IMPORT_ROWS,
  prospectDetailSchema,
  prospectPageSchema,
  type ImportResult,
  type OnDuplicate,
  type ProspectInput,
} from '../../domain/contract/prospects';
import { useSession } from '../session';
import { ERROR_CODES } from '../../domain/contract/errors';
import { ApiProblem, apiCall, type CallOptions } from './http';

export { ENROLLMENT_STATUSES, type Enrollment, type EnrollmentStatus, type EnrollResult } from '../../domain/contract/enrollments';
export { MAX_IMPORT_ROWS, type ImportResult, type OnDuplicate, type Prospect, type ProspectDetail } from '../../domain/contract/prospects';

/** apiCall's answer alone (these hooks never read its headers). */
const call = async <S extends z.ZodType>(schema: S, path: string, options: CallOptions = {}): Promise<z.infer<S>> =>
  (await apiCall(schema, path, options)).data;

/** Rows per list page: one request fills a tall screen several times over. */
const PAGE_SIZE = 100;

export const prospectKeys = {
  all: ['prospects'] as const,
  list: (workspaceId: string | null, filters: ProspectFilters) => ['prospects', workspaceId, 'list', filters] as const,
  one: (workspaceId: string | null, prospectId: string) => ['prospects', workspaceId, 'one', prospectId] as const,
  enrolledCount: (workspaceId: string | null, campaignId: string) => ['prospects', workspaceId, 'enrolled-count', campaignId] as const,
};

export interface ProspectFilters {
  search: string;
  campaignId: string | null;
  /** Only prospects with an enrollment in this status (in campaignId when given, else in any campaign). */
  status: EnrollmentStatus | null;
}

/** Contract 9.1 list: newest first, searched, by campaign and enrollment status. */
export function useProspects(filters: ProspectFilters) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: prospectKeys.list(workspaceId, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(prospectPageSchema, '/api/v1/prospects', {
        query: {
          limit: PAGE_SIZE,
          cursor: pageParam,
          // The first page also says how many match (the page's title shows it).
          withTotal: pageParam === undefined ? 'true' : undefined,
          search: filters.search || undefined,
          campaignId: filters.campaignId,
          enrollmentStatus: filters.status,
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Counting stops here and shows "10,000+": the toolbar needs an order of size, not an exact census. */
export const ENROLLED_COUNT_CAP = 10_000;

/**
 * How many prospects a campaign has, counted over the enrollments list (the contract has no count
 * route before the run summary of 9.5), 250 a page, up to ENROLLED_COUNT_CAP.
 */
export function useEnrolledCount(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: prospectKeys.enrolledCount(workspaceId, campaignId),
    enabled: campaignId !== '',
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await call(enrollmentPageSchema, `/api/v1/campaigns/${campaignId}/enrollments`, {
          query: { limit: 250, cursor },
          signal,
        });
        count += page.items.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor && count < ENROLLED_COUNT_CAP);
      return { count, more: Boolean(cursor) };
    },
  });
}

/** How many of a campaign's newest enrolled prospects the launch review looks through for one it will contact. */
const FIRST_ENROLLED_PAGE = 25;
const NOBODY_SKIPPED: ReadonlySet<string> = new Set();

/**
 * A campaign's newest enrolled prospect who will be contacted — not one of `skipped` (the review's
 * do-not-contact and unreachable prospects) — or null when none is (the launch review fills its
 * texts in for a real prospect).
 */
export function useFirstEnrolledProspect(campaignId: string, skipped: ReadonlySet<string> = NOBODY_SKIPPED) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: [...prospectKeys.list(workspaceId, { search: '', campaignId, status: null }), 'first'] as const,
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (await call(prospectPageSchema, '/api/v1/prospects', { query: { limit: FIRST_ENROLLED_PAGE, campaignId }, signal })).items,
    select: (items) => items.find((p) => !skipped.has(p.prospectId)) ?? null,
  });
}

/** One page of 250 of the whole audience, newest first (the import's "Add to campaign" looks its rows up in it). */
export const readProspectPage = (cursor: string | undefined) =>
  call(prospectPageSchema, '/api/v1/prospects', { query: { limit: 250, cursor } });

/** One prospect with the campaigns it is or was in. */
export function useProspect(prospectId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: prospectKeys.one(workspaceId, prospectId ?? ''),
    enabled: Boolean(prospectId),
    queryFn: ({ signal }) => call(prospectDetailSchema, `/api/v1/prospects/${prospectId}`, { signal }),
  });
}

const deleteOne = async (prospectId: string): Promise<void> => {
  await call(z.null(), `/api/v1/prospects/${prospectId}`, { method: 'DELETE' });
};

/**
 * Deleting (contract 10.3): refused with `prospect_enrolled` while the prospect is in a running
 * campaign; otherwise it goes with its enrollments and timelines. Every list and count may change.
 */
export function useDeleteProspect() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteOne, onSuccess: () => void qc.invalidateQueries({ queryKey: prospectKeys.all }) });
}

/** Deletes at once, a few at a time. */
const DELETES_IN_FLIGHT = 4;

/** What deleting several prospects did: deleted, kept because still in a running campaign, failed otherwise. */
export interface BulkDeleteResult {
  deleted: number;
  enrolled: number;
  failed: { prospectId: string; message: string }[];
}

/** Deletes the chosen prospects one request each (a few at a time); those still enrolled are kept and counted. */
export function useDeleteProspects() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (prospectIds: readonly string[]): Promise<BulkDeleteResult> => {
      const result: BulkDeleteResult = { deleted: 0, enrolled: 0, failed: [] };
      const queue = [...prospectIds];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          try {
            await deleteOne(id);
            result.deleted++;
          } catch (e) {
            if (e instanceof ApiProblem && e.code === ERROR_CODES.prospect_enrolled) result.enrolled++;
            else result.failed.push({ prospectId: id, message: (e as Error).message });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELETES_IN_FLIGHT, queue.length) }, worker));
      return result;
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: prospectKeys.all }),
  });
}

/** One import request (contract 9.1); the import screen sends a file in chunks of these. */
export const importProspects = (prospects: ProspectInput[], onDuplicate: OnDuplicate): Promise<ImportResult> =>
  call(importResultSchema, '/api/v1/prospects/import', { method: 'POST', body: { prospects, onDuplicate } });

/**
 * A duplicate "with its prospects": every prospect of `fromCampaignId` enrolled into `toCampaignId`
 * (contract 9.2, 10,000 a request). One still under way in another campaign stays out, as the
 * one-campaign-at-a-time rule says: the answer counts them.
 */
export async function enrollProspectsOf(fromCampaignId: string, toCampaignId: string): Promise<EnrollResult> {
  const prospectIds: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(enrollmentPageSchema, `/api/v1/campaigns/${fromCampaignId}/enrollments`, { query: { limit: 250, cursor } });
    prospectIds.push(...page.items.map((e) => e.prospectId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const total: EnrollResult = { enrolled: 0, alreadyEnrolled: 0, excluded: [] };
  for (let i = 0; i < prospectIds.length; i += MAX_IMPORT_ROWS) {
    const answer = await call(enrollResultSchema, `/api/v1/campaigns/${toCampaignId}/enrollments`, {
      method: 'POST',
      body: { prospectIds: prospectIds.slice(i, i + MAX_IMPORT_ROWS) },
    });
    total.enrolled += answer.enrolled;
    total.alreadyEnrolled += answer.alreadyEnrolled;
    total.excluded.push(...answer.excluded);
  }
  return total;
}

/** Contract 9.2 enroll: a prospect in another unfinished campaign is excluded unless allowed. */
export function useEnroll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      campaignId,
      prospectIds,
      allowInOtherCampaigns,
    }: {
      campaignId: string;
      prospectIds: string[];
      allowInOtherCampaigns?: boolean;
    }) =>
      call(enrollResultSchema, `/api/v1/campaigns/${campaignId}/enrollments`, {
        method: 'POST',
        body: { prospectIds, ...(allowInOtherCampaigns ? { allowInOtherCampaigns } : {}) },
      }) as Promise<EnrollResult>,
    onSuccess: () => void qc.invalidateQueries({ queryKey: prospectKeys.all }),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CampaignRecord, CampaignStatus } from '../../domain';
import {
  CAMPAIGN_NAME_MAX,
  campaignRecordSchema,
  isCampaignSummary,
  type CampaignSummary,
  type CampaignToolArguments,
  type ListedCampaignSummary,
} from '../../domain/contract/campaigns';
import type { ScheduleInput } from '../../domain/contract/schedule';
import { takeEarlyCampaignRead } from '../boot/early-read';
import { useSession } from '../session';
import { apiCall, ApiProblem, CLIENT_ERROR_CODES, readApiResponse } from './http';
import { callTool, readToolAnswer, type ToolAnswer } from './mcp';

export type { CampaignStatus, EditingMode } from '../../domain';
/** Contract 4 campaign record. */
export type Campaign = CampaignRecord;

/** A page of list-campaigns read with `view: "summary"` (the list shows counts, never graphs). */
export interface CampaignPage {
  items: ListedCampaignSummary[];
  nextCursor: string | null;
}

/** The record of a full read; a summary here means the server ignored `view` (a contract break, said clearly). */
function fullRecord(campaign: Campaign | CampaignSummary): Campaign {
  if (isCampaignSummary(campaign))
    throw new ApiProblem(500, CLIENT_ERROR_CODES.badResponse, 'The server sent a campaign summary where the full graph was asked for.');
  return campaign;
}

/** Query keys, scoped by workspace so switching workspaces never shows another one's campaigns. */
export const campaignKeys = {
  all: (workspaceId: string | null) => ['campaigns', workspaceId] as const,
  list: (workspaceId: string | null, status?: CampaignStatus, archived = false) =>
    ['campaigns', workspaceId, 'list', status ?? 'all', archived ? 'archived' : 'current'] as const,
  one: (workspaceId: string | null, campaignId: string) => ['campaigns', workspaceId, 'one', campaignId] as const,
};

/** list-campaigns, cursor-paginated (contract 4: `{items, nextCursor}`): the archived ones or the others. */
export function useCampaignList(status?: CampaignStatus, archived = false) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: campaignKeys.list(workspaceId, status, archived),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<CampaignPage> => {
      const page = await callTool('list-campaigns', {
        limit: 50,
        view: 'summary',
        ...(status ? { status } : {}),
        ...(archived ? { archived } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      });
      return { items: page.items.filter((c): c is ListedCampaignSummary => isCampaignSummary(c)), nextCursor: page.nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const fetchCampaign = async (campaignId: string): Promise<Campaign> => {
  // The page opened on this campaign: the boot script has asked for it already (boot/early-read.ts).
  const early = await takeEarlyCampaignRead(useSession.getState(), campaignId);
  if (early) return fullRecord(readToolAnswer('get-campaign', (await readApiResponse<ToolAnswer>(early)).data));
  return fullRecord(await callTool('get-campaign', { campaignId }));
};

/**
 * A read this recent opens the editor without asking again (a busy machine can take seconds between
 * the early read and the editor's mount); never refetched behind its back. Once the changes stream is
 * open, a read older than CAMPAIGN_CHECKED_MS is checked for a save made meanwhile (useLiveChanges).
 */
const CAMPAIGN_FRESH_MS = 30_000;
export const CAMPAIGN_CHECKED_MS = 5_000;

/** How old the cached read of a campaign is (ms), Infinity when none is cached. */
export function campaignReadAge(client: QueryClient, campaignId: string): number {
  const state = client.getQueryState(campaignKeys.one(useSession.getState().workspaceId, campaignId));
  return state?.dataUpdatedAt ? Date.now() - state.dataUpdatedAt : Infinity;
}

/** get-campaign. The editor opens from it once; later reads are its own decision (conflicts). */
export function useCampaign(campaignId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: campaignKeys.one(workspaceId, campaignId),
    queryFn: () => fetchCampaign(campaignId),
    enabled: campaignId !== '',
    staleTime: CAMPAIGN_FRESH_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Starts get-campaign before the editor's code has loaded (its chunk and the read run in parallel). */
export function prefetchCampaign(client: QueryClient, campaignId: string): void {
  const workspaceId = useSession.getState().workspaceId;
  void client.prefetchQuery({
    queryKey: campaignKeys.one(workspaceId, campaignId),
    queryFn: () => fetchCampaign(campaignId),
    staleTime: CAMPAIGN_FRESH_MS,
  });
}

/** Puts a fresh campaign record into the cache (after a save, launch or reload) and marks lists stale. */
export function rememberCampaign(client: QueryClient, campaign: Campaign): void {
  const workspaceId = useSession.getState().workspaceId;
  client.setQueryData(campaignKeys.one(workspaceId, campaign.campaignId), campaign);
  void client.invalidateQueries({ queryKey: [...campaignKeys.all(workspaceId), 'list'] });
}

/**
 * A campaign's status as the server just said it (a change event, a run.progress body, a run command's
 * answer) put into the cached record, and the lists marked stale: every page that shows the status
 * reads it from there (the editor's badge and banner follow the record).
 */
export function rememberCampaignStatus(client: QueryClient, campaignId: string, status: CampaignStatus): void {
  const workspaceId = useSession.getState().workspaceId;
  const cached = client.getQueryData<Campaign>(campaignKeys.one(workspaceId, campaignId));
  if (cached?.status === status) return;
  if (cached) client.setQueryData(campaignKeys.one(workspaceId, campaignId), { ...cached, status });
  void client.invalidateQueries({ queryKey: [...campaignKeys.all(workspaceId), 'list'] });
}

/** The record last read or saved by this tab (the graph an edit started from), if still cached. */
export function rememberedCampaign(client: QueryClient, campaignId: string): Campaign | undefined {
  return client.getQueryData<Campaign>(campaignKeys.one(useSession.getState().workspaceId, campaignId));
}

export type CreateCampaignInput = Omit<CampaignToolArguments<'create-campaign'>, 'workspaceId'>;

/** create-campaign (a draft in easy mode). */
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) => callTool('create-campaign', input),
    onSuccess: (campaign) => rememberCampaign(client, campaign),
  });
}

export type SaveWorkflowInput = Omit<CampaignToolArguments<'update-campaign-workflow'>, 'workspaceId'>;

/** update-campaign-workflow: full replacement, guarded by the updated_at the edit is based on (spec 4.1). */
export const saveWorkflow = (input: SaveWorkflowInput) => callTool('update-campaign-workflow', input);

/** launch-campaign: only with the updated_at of the saved graph the user inspected, and explicit confirmation. */
export function useLaunchCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: string; inspectedUpdatedAt: string }) => callTool('launch-campaign', { ...input, confirm: true }),
    onSuccess: (campaign) => rememberCampaign(client, campaign),
  });
}

/** Contract 9.3: the campaign's sending window (draft or paused campaigns); answers the campaign record. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, schedule }: { campaignId: string; schedule: ScheduleInput }): Promise<Campaign> => {
      const { data } = await apiCall(campaignRecordSchema, `/api/v1/campaigns/${campaignId}/schedule`, {
        method: 'PUT',
        workspace: 'query',
        body: schedule,
      });
      return data as Campaign;
    },
    onSuccess: (campaign) => rememberCampaign(client, campaign),
  });
}

export type CampaignSettingsInput = Omit<CampaignToolArguments<'update-campaign'>, 'workspaceId'>;

/** update-campaign: rename and/or replace the senders (updated_at, the graph's stamp, stays). */
export function useUpdateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignSettingsInput) => callTool('update-campaign', input),
    onSuccess: (campaign) => rememberCampaign(client, campaign),
  });
}

/** update-campaign `archived` (contract 4): archives or restores a campaign that is not running; the lists are read again. */
export async function setCampaignArchived(client: QueryClient, campaignId: string, archived: boolean): Promise<Campaign> {
  const campaign = await callTool('update-campaign', { campaignId, archived });
  rememberCampaign(client, campaign);
  return campaign;
}

/** delete-campaign (drafts only); the lists are read again. */
export async function deleteCampaign(client: QueryClient, campaignId: string): Promise<void> {
  await callTool('delete-campaign', { campaignId });
  const workspaceId = useSession.getState().workspaceId;
  client.removeQueries({ queryKey: campaignKeys.one(workspaceId, campaignId) });
  void client.invalidateQueries({ queryKey: [...campaignKeys.all(workspaceId), 'list'] });
}

/**
 * A draft copy of any campaign (a launched one's copy is how its steps get changed): its graph and
 * senders, under "<name> (copy)" cut to the name bound.
 */
export async function duplicateCampaign(client: QueryClient, campaignId: string): Promise<Campaign> {
  const source = await fetchCampaign(campaignId);
  const suffix = ' (copy)';
  const name = `${source.name.slice(0, CAMPAIGN_NAME_MAX - suffix.length)}${suffix}`;
  const copy = await callTool('create-campaign', {
    name,
    senderAccountIds: source.senderAccountIds,
    workflow_definition: source.workflow_definition,
  });
  rememberCampaign(client, copy);
  return copy;
}

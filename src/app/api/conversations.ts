import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  bulkResultSchema,
  conversationPageSchema,
  conversationSchema,
  messagePageSchema,
  stepStatsSchema,
  tagListSchema,
  type BulkConversationsBody,
  type Channel,
  type Conversation,
  type Direction,
  type Message,
  type ReplyState,
} from '../../domain/contract/conversations';
import { useSession } from '../session';
import { apiCall } from './http';

export type { Conversation, Direction, Message, ReplyState };

/** One page of any cursor list (contract 4). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Spec 4.2 + contract 8.2 filters; all combinable. Empty string / empty list = no filter. */
export interface ConversationFilters {
  accountIds: string[];
  channel: Channel | '';
  search: string;
  tag: string;
  reply: ReplyState | '';
  unread: 'true' | 'false' | '';
  campaignId: string;
  /** Only with campaignId. */
  nodeId: string;
}

export const EMPTY_FILTERS: ConversationFilters = {
  accountIds: [],
  channel: '',
  search: '',
  tag: '',
  reply: '',
  unread: '',
  campaignId: '',
  nodeId: '',
};

export const PAGE_SIZE = 100;

/** Spec 4.2 query parameters for a filter set. */
export function conversationQuery(filters: ConversationFilters) {
  return {
    accountIds: filters.accountIds.length ? [...filters.accountIds].sort().join(',') : undefined,
    channel: filters.channel || undefined,
    search: filters.search.trim() || undefined,
    tagFilter: filters.tag.trim() || undefined,
    replyFilter: filters.reply || undefined,
    unread: filters.unread || undefined,
    campaignId: filters.campaignId || undefined,
    nodeId: (filters.campaignId && filters.nodeId) || undefined,
  };
}

/** The inbox list's query (also used to prefetch it before the page renders). */
export function conversationsQueryOptions(filters: ConversationFilters, workspaceId: string | null) {
  const query = conversationQuery(filters);
  return infiniteQueryOptions({
    queryKey: ['conversations', workspaceId, query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<Page<Conversation>> =>
      (
        await apiCall(conversationPageSchema, '/api/messaging/conversations', {
          query: { ...query, limit: PAGE_SIZE, cursor: pageParam },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Pages beyond what the user scrolled to are cheap to keep; refetching 100 pages on focus is not.
    staleTime: 30_000,
  });
}

/** The inbox list: cursor pages (contract 4), newest first. */
export function useConversations(filters: ConversationFilters) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    ...conversationsQueryOptions(filters, workspaceId),
    // While new filters load, the previous rows stay (dimmed) instead of a skeleton flash — but never
    // another workspace's rows (null = the key's only workspace, before the switcher resolved it).
    placeholderData: (previous, previousQuery) => {
      const previousWorkspace = previousQuery?.queryKey[1];
      return previousWorkspace === workspaceId || previousWorkspace === null ? previous : undefined;
    },
  });
}

/** One conversation (opened from a shared link it may not be in any loaded page); seeded from loaded pages. */
export function useConversation(id: string | null) {
  const qc = useQueryClient();
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery<Conversation>({
    queryKey: ['conversation', workspaceId, id],
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await apiCall(conversationSchema, `/api/messaging/conversations/${id}`, { signal })).data,
    placeholderData: (): Conversation | undefined => {
      for (const [, data] of qc.getQueriesData<InfiniteData<Page<Conversation>>>({ queryKey: ['conversations'] }))
        for (const page of data?.pages ?? []) {
          const hit = page.items.find((c) => c.id === id);
          if (hit) return hit;
        }
      return undefined;
    },
  });
}

/** One thread, oldest first (contract 7), all pages. */
export function useMessages(conversationId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: ['messages', workspaceId, conversationId],
    enabled: Boolean(conversationId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<Page<Message>> =>
      (
        await apiCall(messagePageSchema, `/api/messaging/conversations/${conversationId}/messages`, {
          query: { limit: 250, cursor: pageParam },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The workspace's tags, most used first (autocomplete for the tag filter and bulk tagging). */
export function useWorkspaceTags() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['conversation-tags', workspaceId],
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await apiCall(tagListSchema, '/api/messaging/tags', { signal })).data.items,
  });
}

/** Contract 8.2: conversation counts per step of a campaign (the canvas overlay). */
export function useStepStats(campaignId: string | null, enabled = true) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['step-stats', workspaceId, campaignId],
    enabled: Boolean(campaignId) && enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await apiCall(stepStatsSchema, `/api/v1/campaigns/${campaignId}/step-stats`, { signal })).data.items,
  });
}

/** Puts an updated conversation into every cached copy (no flicker), then marks lists stale. */
async function patchCaches(qc: QueryClient, updated: Conversation, refetchLists: (query: Record<string, unknown> | undefined) => boolean) {
  // A read of this conversation still in flight (opening a thread reads it while marking it read) may
  // answer with the state from before this change: drop it and keep the server's answer to the change.
  const isThis = (q: { queryKey: readonly unknown[] }) => q.queryKey[2] === updated.id;
  await qc.cancelQueries({ queryKey: ['conversation'], predicate: isThis });
  for (const q of qc.getQueryCache().findAll({ queryKey: ['conversation'], predicate: isThis })) qc.setQueryData(q.queryKey, updated);
  qc.setQueriesData<InfiniteData<Page<Conversation>>>(
    { queryKey: ['conversations'] },
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === updated.id ? updated : c)) })) },
  );
  // Only lists whose membership may change refetch now; the rest are marked stale (refetching 100
  // loaded pages for one chip is waste).
  const query = (key: readonly unknown[]) => key[2] as Record<string, unknown> | undefined;
  void qc.invalidateQueries({ queryKey: ['conversations'], predicate: (q) => refetchLists(query(q.queryKey)) });
  void qc.invalidateQueries({ queryKey: ['conversations'], predicate: (q) => !refetchLists(query(q.queryKey)), refetchType: 'none' });
}

/** Replaces a conversation's tags (contract 7). */
export function useSetTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tags }: { id: string; tags: string[] }) =>
      (await apiCall(conversationSchema, `/api/messaging/conversations/${id}/tags`, { method: 'PUT', workspace: 'query', body: { tags } }))
        .data,
    onSuccess: async (updated) => {
      void qc.invalidateQueries({ queryKey: ['conversation-tags'] });
      await patchCaches(qc, updated, (q) => Boolean(q?.tagFilter));
    },
  });
}

/** Contract 8.2: marks one conversation read or unread. */
export function useSetRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, read }: { id: string; read: boolean }) =>
      (await apiCall(conversationSchema, `/api/messaging/conversations/${id}`, { method: 'PATCH', workspace: 'query', body: { read } }))
        .data,
    onSuccess: async (updated) => {
      void qc.invalidateQueries({ queryKey: ['accounts'] });
      // An unread-filtered list keeps the row until the next refetch (it would vanish under the cursor).
      await patchCaches(qc, updated, () => false);
    },
  });
}

/** Contract 8.2: one action over the selected conversations (all or nothing), then every list refetches. */
export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<BulkConversationsBody, 'workspaceId'>) =>
      (await apiCall(bulkResultSchema, '/api/messaging/conversations/bulk', { method: 'POST', body })).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['conversations'] });
      void qc.invalidateQueries({ queryKey: ['conversation'] });
      void qc.invalidateQueries({ queryKey: ['accounts'] });
      void qc.invalidateQueries({ queryKey: ['conversation-tags'] });
    },
  });
}

import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSession } from '../session';
import type { Channel } from './accounts';
import { apiFetch, currentWorkspaceId } from './http';

export type ReplyState = 'awaiting_reply' | 'need_to_reply';
export type Direction = 'inbound' | 'outbound';

/** Contract 4 Conversation. */
export interface Conversation {
  id: string;
  accountId: string;
  channel: Channel;
  contact: { name: string; headline: string | null; avatarUrl: string | null; profileUrl: string | null };
  lastMessage: { text: string; direction: Direction; at: string };
  unreadCount: number;
  tags: string[];
  replyState: ReplyState | null;
}

export interface Message {
  id: string;
  conversationId: string;
  direction: Direction;
  text: string;
  sentAt: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Spec 4.2 filters; all combinable. Empty string / empty list = no filter. */
export interface ConversationFilters {
  accountIds: string[];
  channel: Channel | '';
  search: string;
  tag: string;
  reply: ReplyState | '';
}

export const EMPTY_FILTERS: ConversationFilters = { accountIds: [], channel: '', search: '', tag: '', reply: '' };

export const PAGE_SIZE = 100;

/** Spec 4.2 query parameters for a filter set. */
export function conversationQuery(filters: ConversationFilters) {
  return {
    workspaceId: currentWorkspaceId(),
    accountIds: filters.accountIds.length ? [...filters.accountIds].sort().join(',') : undefined,
    channel: filters.channel || undefined,
    search: filters.search.trim() || undefined,
    tagFilter: filters.tag.trim() || undefined,
    replyFilter: filters.reply || undefined,
  };
}

/** The inbox list's query (also used to prefetch it before the page renders). */
export function conversationsQueryOptions(filters: ConversationFilters, workspaceId: string | null) {
  const query = conversationQuery(filters);
  return infiniteQueryOptions({
    queryKey: ['conversations', workspaceId, query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiFetch<Page<Conversation>>('/api/messaging/conversations', {
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
    queryFn: async ({ signal }) =>
      (await apiFetch<Conversation>(`/api/messaging/conversations/${id}`, { query: { workspaceId: currentWorkspaceId() }, signal })).data,
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
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiFetch<Page<Message>>(`/api/messaging/conversations/${conversationId}/messages`, {
          query: { workspaceId: currentWorkspaceId(), limit: 250, cursor: pageParam },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Replaces a conversation's tags (contract 7), then refreshes every list that may now match differently. */
export function useSetTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tags }: { id: string; tags: string[] }) =>
      (
        await apiFetch<Conversation>(`/api/messaging/conversations/${id}/tags`, {
          method: 'PUT',
          query: { workspaceId: currentWorkspaceId() },
          body: { tags },
        })
      ).data,
    onSuccess: (updated) => {
      qc.setQueriesData<Conversation>({ queryKey: ['conversation'] }, (c) => (c?.id === updated.id ? updated : c));
      // Patch loaded pages in place (no flicker). Only tag-filtered lists can change membership, so only
      // those refetch now; the rest are marked stale (refetching 100 loaded pages for one chip is waste).
      qc.setQueriesData<InfiniteData<Page<Conversation>>>(
        { queryKey: ['conversations'] },
        (data) =>
          data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === updated.id ? updated : c)) })) },
      );
      const tagFiltered = (key: readonly unknown[]) => Boolean((key[2] as { tagFilter?: string } | undefined)?.tagFilter);
      void qc.invalidateQueries({ queryKey: ['conversations'], predicate: (q) => tagFiltered(q.queryKey) });
      void qc.invalidateQueries({ queryKey: ['conversations'], predicate: (q) => !tagFiltered(q.queryKey), refetchType: 'none' });
    },
  });
}

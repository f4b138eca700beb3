import { useMemo } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { CHANNELS, REPLY_STATES } from '../../domain/contract/conversations';
import type { Channel } from '../api/accounts';
import { EMPTY_FILTERS, type ConversationFilters, type ReplyState } from '../api/conversations';
import { hrefs } from '../boot/paths';
import { setSearchParams, useLocation } from '../router';

/**
 * Where the inbox keeps its filters and open conversation. Full-width (/inbox): the URL, so a view can
 * be shared and survives reload. In the dock: the dock's own persisted state, because the editor owns
 * its URL (/campaigns/:id); "Open full view" carries the dock's filters over to /inbox as a URL.
 */
export interface InboxViewState {
  filters: ConversationFilters;
  conversationId: string | null;
  setFilters(patch: Partial<ConversationFilters>): void;
  openConversation(id: string | null): void;
}

const isChannel = (v: string | null): v is Channel => (CHANNELS as readonly (string | null)[]).includes(v);
const isReplyState = (v: string | null): v is ReplyState => (REPLY_STATES as readonly (string | null)[]).includes(v);

export function filtersFromParams(p: URLSearchParams): ConversationFilters {
  const channel = p.get('channel');
  const reply = p.get('reply');
  const unread = p.get('unread');
  const campaignId = p.get('campaign') ?? '';
  return {
    accountIds: (p.get('accounts') ?? '').split(',').filter(Boolean),
    channel: isChannel(channel) ? channel : '',
    search: p.get('search') ?? '',
    tag: p.get('tag') ?? '',
    reply: isReplyState(reply) ? reply : '',
    unread: unread === 'true' || unread === 'false' ? unread : '',
    campaignId,
    nodeId: campaignId ? (p.get('step') ?? '') : '',
  };
}

const paramsOf = (f: Partial<ConversationFilters>): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {};
  if ('accountIds' in f) out.accounts = f.accountIds?.join(',');
  if ('channel' in f) out.channel = f.channel;
  if ('search' in f) out.search = f.search;
  if ('tag' in f) out.tag = f.tag;
  if ('reply' in f) out.reply = f.reply;
  if ('unread' in f) out.unread = f.unread;
  if ('campaignId' in f) out.campaign = f.campaignId;
  if ('nodeId' in f) out.step = f.nodeId;
  return out;
};

/** `/inbox?…` for a filter set (the dock's "Open full view" link). */
export function inboxHref(filters: ConversationFilters, conversationId: string | null = null): string {
  return hrefs.inbox({ ...paramsOf(filters), conversation: conversationId });
}

// Each filter change is a history entry, so Back undoes it; refining a search already typed replaces
// its entry instead (one entry per search, not one per pause while typing).
const setUrlFilters = (patch: Partial<ConversationFilters>) => {
  const refiningSearch =
    Object.keys(patch).length === 1 && 'search' in patch && Boolean(new URL(window.location.href).searchParams.get('search'));
  setSearchParams(paramsOf(patch), { push: !refiningSearch });
};
// Opening a conversation is a history entry, so Back closes it.
const openUrlConversation = (id: string | null) => setSearchParams({ conversation: id }, { push: true });

export function useUrlInboxState(): InboxViewState {
  const { search, href } = useLocation();
  // Memoized per URL so the filter object (a query key input) is stable between renders.
  const filters = useMemo(() => filtersFromParams(new URL(href, window.location.origin).searchParams), [href]);
  return { filters, conversationId: search.get('conversation'), setFilters: setUrlFilters, openConversation: openUrlConversation };
}

const useDockInboxStore = create<{
  filters: ConversationFilters;
  conversationId: string | null;
  set(s: Partial<{ filters: ConversationFilters; conversationId: string | null }>): void;
}>()(persist((set) => ({ filters: EMPTY_FILTERS, conversationId: null, set: (s) => set(s) }), { name: 'campaign-studio.dock.inbox' }));

const setDockFilters = (patch: Partial<ConversationFilters>) => {
  const { filters, set } = useDockInboxStore.getState();
  set({ filters: { ...filters, ...patch } });
};
const openDockConversation = (conversationId: string | null) => useDockInboxStore.getState().set({ conversationId });

export function useDockInboxState(): InboxViewState {
  const filters = useDockInboxStore((s) => s.filters);
  const conversationId = useDockInboxStore((s) => s.conversationId);
  return { filters, conversationId, setFilters: setDockFilters, openConversation: openDockConversation };
}

export const hasFilters = (f: ConversationFilters): boolean =>
  Boolean(f.accountIds.length || f.channel || f.search || f.tag || f.reply || f.unread || f.campaignId);

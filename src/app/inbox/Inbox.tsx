import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAccounts } from '../api/accounts';
import { EMPTY_FILTERS, useConversation, useConversations, useSetRead } from '../api/conversations';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { BulkBar } from './BulkBar';
import { ConversationList, type ConversationListHandle } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import { hasFilters, type InboxViewState } from './filter-state';
import { InboxFilters } from './InboxFilters';
import { EMPTY_SELECTION, toggleAll, toggleRow, type Selection } from './selection';
import { useInboxKeys } from './useInboxKeys';
import { focusAfterKey } from '../ui/keyboard';
import { REPLY_BOX_ID } from './ReplyBox';
import './inbox.css';

/**
 * The inbox pane (spec 4.2, contract 8.2), in two layouts: `page` (list and thread side by side; keys
 * work anywhere on the page) and `dock` (narrow: the thread replaces the list; keys work while focus
 * is in the pane, so they never fight the editor's shortcuts).
 */
export function Inbox({ layout, view }: { layout: 'page' | 'dock'; view: InboxViewState }) {
  const { filters, setFilters, conversationId, openConversation } = view;
  const query = useConversations(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const order = useMemo(() => items.map((c) => c.id), [items]);
  const selected = useConversation(conversationId);
  const setRead = useSetRead();
  const [cursorIndex, setActiveIndex] = useState(-1);
  // The open conversation is the list's active row wherever the list puts it (a reply moves it to the top).
  const openIndex = conversationId ? order.indexOf(conversationId) : -1;
  const activeIndex = openIndex >= 0 ? openIndex : cursorIndex;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const listRef = useRef<ConversationListHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A new filter set starts at the top, with nothing selected.
  const filterKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setActiveIndex(-1);
    setSelection(EMPTY_SELECTION);
  }

  const open = useCallback(
    (index: number) => {
      const c = items[index];
      if (!c) return;
      setActiveIndex(index);
      openConversation(c.id);
    },
    [items, openConversation],
  );
  // j/k: with a conversation open, they open the next one (one cursor, as in a mail client); else they move the focus.
  const move = useCallback(
    (delta: number) => {
      if (!items.length) return;
      const from = conversationId ? order.indexOf(conversationId) : activeIndex;
      const next = Math.max(0, Math.min(items.length - 1, (from < 0 ? activeIndex : from) + delta));
      listRef.current?.scrollToIndex(next);
      if (conversationId) open(next);
      else setActiveIndex(next);
    },
    [items.length, activeIndex, conversationId, order, open],
  );
  const check = useCallback((index: number, range: boolean) => setSelection((s) => toggleRow(s, order, index, range)), [order]);
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // `e`: done — mark the focused conversation (or the open one) read, then move on.
  const markDone = useCallback(() => {
    const c = items[activeIndex] ?? selected.data;
    if (!c) return;
    if (c.unreadCount > 0) setRead.mutate({ id: c.id, read: true });
    if (activeIndex >= 0 && activeIndex < items.length - 1) {
      if (conversationId) open(activeIndex + 1);
      else move(1);
    }
  }, [items, activeIndex, selected.data, setRead, conversationId, open, move]);

  const closeThread = useCallback(() => {
    // The list's cursor stays on the row that was open, where it now is.
    if (openIndex >= 0) setActiveIndex(openIndex);
    openConversation(null);
    requestAnimationFrame(() => listRef.current?.focus());
  }, [openConversation, openIndex]);

  const onKey = useInboxKeys({
    search: () => searchRef.current?.focus(),
    move,
    open: () => activeIndex >= 0 && open(activeIndex),
    close: () => {
      if (conversationId) closeThread();
      else if (selection.ids.size) setSelection(EMPTY_SELECTION);
      else return false;
      return true;
    },
    done: markDone,
    select: () => activeIndex >= 0 && check(activeIndex, false),
    reply: () => focusAfterKey(REPLY_BOX_ID),
  });

  useEffect(() => {
    if (layout !== 'page') return;
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [layout, onKey]);

  useUnreadTitle(layout === 'page');

  const showThread = Boolean(conversationId);
  const filtered = hasFilters(filters);
  const checkedIds = useMemo(() => [...selection.ids], [selection.ids]);

  let listArea;
  if (query.isPending) listArea = <SkeletonRows count={8} label="Loading conversations" />;
  else if (query.isError && !items.length)
    listArea = <ErrorState what="conversations" error={query.error} onRetry={() => void query.refetch()} />;
  else if (!items.length)
    listArea = filtered ? (
      <EmptyState title="No conversations match these filters">
        <button type="button" className="btn btn-sm" onClick={() => setFilters(EMPTY_FILTERS)}>
          Clear filters
        </button>
      </EmptyState>
    ) : (
      <EmptyState title="No conversations yet">
        <p className="muted">Messages from your connected accounts appear here.</p>
      </EmptyState>
    );
  else
    listArea = (
      <div className={`inbox-list-wrap${query.isPlaceholderData ? ' is-updating' : ''}`} aria-busy={query.isPlaceholderData}>
        <ConversationList
          ref={listRef}
          items={items}
          hasNextPage={Boolean(hasNextPage) && !query.isPlaceholderData}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchMore}
          activeIndex={activeIndex}
          selectedId={conversationId}
          checkedIds={selection.ids}
          onOpen={open}
          onCheck={check}
          onActivate={setActiveIndex}
          // Rows still shown from the previous filters were not found with the new search.
          search={query.isPlaceholderData ? '' : filters.search}
        />
        {query.isFetchNextPageError && <ErrorState what="more conversations" error={query.error} onRetry={fetchMore} />}
      </div>
    );

  return (
    <div
      ref={rootRef}
      className={`inbox inbox-${layout}${showThread ? ' has-thread' : ''}`}
      onKeyDown={layout === 'dock' ? (e) => onKey(e.nativeEvent) : undefined}
    >
      <div className="inbox-list-col">
        <InboxFilters ref={searchRef} filters={filters} onChange={setFilters} compact={layout === 'dock'} />
        {checkedIds.length > 0 ? (
          <BulkBar
            ids={checkedIds}
            allLoaded={order.length > 0 && order.every((id) => selection.ids.has(id))}
            onSelectAll={() => setSelection((s) => toggleAll(s, order))}
            onClear={() => setSelection(EMPTY_SELECTION)}
          />
        ) : (
          <div className="inbox-count muted" aria-live="polite">
            <span className="inbox-count-left">
              {items.length > 0 && (
                <input
                  type="checkbox"
                  aria-label="Select all loaded conversations"
                  checked={false}
                  onChange={() => setSelection((s) => toggleAll(s, order))}
                />
              )}
              {query.isSuccess &&
                !query.isPlaceholderData &&
                `${items.length}${hasNextPage ? '+' : ''} conversation${items.length === 1 ? '' : 's'}`}
            </span>
            {filtered && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFilters(EMPTY_FILTERS)}>
                Clear filters
              </button>
            )}
          </div>
        )}
        {listArea}
      </div>
      <div className="inbox-thread-col">
        {selected.data ? (
          <ConversationThread
            conversation={selected.data}
            onClose={closeThread}
            onFilterStep={(campaignId, nodeId) => setFilters({ campaignId, nodeId: nodeId ?? '' })}
          />
        ) : selected.isError ? (
          <ErrorState what="this conversation" error={selected.error} onRetry={() => void selected.refetch()} />
        ) : showThread ? (
          <SkeletonRows count={3} label="Loading conversation" />
        ) : (
          <EmptyState title="Select a conversation">
            <p className="muted">
              <kbd>j</kbd>/<kbd>k</kbd> to move, <kbd>Enter</kbd> to open, <kbd>x</kbd> to select, <kbd>e</kbd> to mark done, <kbd>/</kbd>{' '}
              to search.
            </p>
          </EmptyState>
        )}
      </div>
    </div>
  );
}

/** The tab title carries the workspace's unread conversations ("(3) Inbox"), restored on leave. */
function useUnreadTitle(enabled: boolean) {
  const { data: accounts } = useAccounts();
  const unread = (accounts ?? []).reduce((n, a) => n + a.unreadConversations, 0);
  useEffect(() => {
    if (!enabled) return;
    const before = document.title;
    document.title = unread > 0 ? `(${unread}) Inbox · Campaign Studio` : 'Inbox · Campaign Studio';
    return () => {
      document.title = before;
    };
  }, [enabled, unread]);
}

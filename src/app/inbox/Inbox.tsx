import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { EMPTY_FILTERS, useConversation, useConversations } from '../api/conversations';
import { isModKey, isTypingTarget } from '../ui/keyboard';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { ConversationList, type ConversationListHandle } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import { hasFilters, type InboxViewState } from './filter-state';
import { InboxFilters } from './InboxFilters';
import './inbox.css';

/**
 * The inbox pane (spec 4.2), in two layouts: `page` (list and thread side by side; keys work anywhere
 * on the page) and `dock` (narrow: the thread replaces the list; keys work while focus is in the pane,
 * so they never fight the editor's shortcuts).
 */
export function Inbox({ layout, view }: { layout: 'page' | 'dock'; view: InboxViewState }) {
  const { filters, setFilters, conversationId, openConversation } = view;
  const query = useConversations(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const selected = useConversation(conversationId);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<ConversationListHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A new filter set starts at the top.
  const filterKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setActiveIndex(-1);
  }

  const move = useCallback(
    (delta: number) => {
      if (!items.length) return;
      const next = Math.max(0, Math.min(items.length - 1, activeIndex + delta));
      setActiveIndex(next);
      listRef.current?.scrollToIndex(next);
    },
    [items.length, activeIndex],
  );
  const open = useCallback(
    (index: number) => {
      const c = items[index];
      if (!c) return;
      setActiveIndex(index);
      openConversation(c.id);
    },
    [items, openConversation],
  );
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const onKey = useCallback(
    (e: KeyboardEvent | ReactKeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target) || isModKey(e) || e.altKey) return;
      const onList = e.target === document.body || (e.target instanceof HTMLElement && e.target.getAttribute('role') === 'listbox');
      if (e.key === '/') {
        e.preventDefault();
        searchRef.current?.focus();
      } else if (e.key === 'j' || (e.key === 'ArrowDown' && onList)) {
        e.preventDefault();
        move(1);
      } else if (e.key === 'k' || (e.key === 'ArrowUp' && onList)) {
        e.preventDefault();
        move(-1);
      } else if (e.key === 'Enter' && onList && activeIndex >= 0) {
        e.preventDefault();
        open(activeIndex);
      } else if (e.key === 'Escape' && conversationId) {
        openConversation(null);
        listRef.current?.focus();
      }
    },
    [move, open, activeIndex, conversationId, openConversation],
  );

  useEffect(() => {
    if (layout !== 'page') return;
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [layout, onKey]);

  const closeThread = () => {
    openConversation(null);
    requestAnimationFrame(() => listRef.current?.focus());
  };
  const showThread = Boolean(conversationId);
  const filtered = hasFilters(filters);

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
          onOpen={open}
          onActivate={setActiveIndex}
        />
        {query.isFetchNextPageError && <ErrorState what="more conversations" error={query.error} onRetry={fetchMore} />}
      </div>
    );

  return (
    <div
      ref={rootRef}
      className={`inbox inbox-${layout}${showThread ? ' has-thread' : ''}`}
      onKeyDown={layout === 'dock' ? onKey : undefined}
    >
      <div className="inbox-list-col">
        <InboxFilters ref={searchRef} filters={filters} onChange={setFilters} compact={layout === 'dock'} />
        <div className="inbox-count muted" aria-live="polite">
          {query.isSuccess &&
            !query.isPlaceholderData &&
            `${items.length}${hasNextPage ? '+' : ''} conversation${items.length === 1 ? '' : 's'}`}
          {filtered && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFilters(EMPTY_FILTERS)}>
              Clear filters
            </button>
          )}
        </div>
        {listArea}
      </div>
      <div className="inbox-thread-col">
        {selected.data ? (
          <ConversationThread conversation={selected.data} onClose={closeThread} />
        ) : selected.isError ? (
          <ErrorState what="this conversation" error={selected.error} onRetry={() => void selected.refetch()} />
        ) : showThread ? (
          <SkeletonRows count={3} label="Loading conversation" />
        ) : (
          <EmptyState title="Select a conversation">
            <p className="muted">
              <kbd>j</kbd>/<kbd>k</kbd> to move, <kbd>Enter</kbd> to open, <kbd>/</kbd> to search.
            </p>
          </EmptyState>
        )}
      </div>
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Conversation } from '../api/conversations';
import { ConversationRow, ROW_HEIGHT } from './ConversationRow';

export interface ConversationListHandle {
  focus(): void;
  scrollToIndex(index: number): void;
}

interface Props {
  items: Conversation[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
  activeIndex: number;
  selectedId: string | null;
  checkedIds: ReadonlySet<string>;
  onOpen(index: number): void;
  onCheck(index: number, range: boolean): void;
  onActivate(index: number): void;
  onKeyDown?(e: React.KeyboardEvent): void;
  /** The search the items were found with (rows mark it). */
  search: string;
}

/** Rows left below the window when the next page is requested: far enough ahead that fast scrolling rarely waits. */
const PREFETCH_ROWS = 40;

/**
 * The virtualized conversation list (a listbox): only the rows in view (plus overscan) are in the DOM,
 * so 10,000+ loaded rows scroll like 20. The next page loads as the window nears the end.
 */
export const ConversationList = forwardRef<ConversationListHandle, Props>(function ConversationList(
  {
    items,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    activeIndex,
    selectedId,
    checkedIds,
    onOpen,
    onCheck,
    onActivate,
    onKeyDown,
    search,
  },
  ref,
) {
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  // One "now" per minute keeps rows memoized while relative times stay fresh.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);

  const count = items.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (i) => items[i]?.id ?? `loader-${i}`,
    // Let React schedule the re-render instead of forcing it inside each scroll event: measured ~2-3x fewer
    // frames over 25 ms while scrolling 5,000 rows (bench/inbox.bench.ts); overscan covers the gap.
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.length ? virtualItems[virtualItems.length - 1].index : -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useImperativeHandle(ref, () => ({
    focus: () => scrollRef.current?.focus(),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  }));

  const rowId = (i: number) => `${id}-row-${i}`;
  const activeRendered = virtualItems.some((v) => v.index === activeIndex && items[activeIndex]);
  const setSize = hasNextPage ? -1 : items.length;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const open = useCallback((i: number) => onOpenRef.current(i), []);
  const onCheckRef = useRef(onCheck);
  onCheckRef.current = onCheck;
  const check = useCallback((i: number, range: boolean) => onCheckRef.current(i, range), []);

  return (
    <div
      ref={scrollRef}
      className="conv-list"
      role="listbox"
      aria-label="Conversations"
      tabIndex={0}
      aria-activedescendant={activeRendered ? rowId(activeIndex) : undefined}
      aria-busy={isFetchingNextPage}
      onKeyDown={onKeyDown}
      onFocus={(e) => e.target === e.currentTarget && activeIndex < 0 && items.length && onActivate(0)}
      data-loaded-rows={items.length}
    >
      <div role="presentation" className="conv-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((v) => {
          const c = items[v.index];
          if (!c)
            return (
              <div
                key={v.key}
                role="presentation"
                className="conv-row conv-loader"
                style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
              >
                <span className="muted">Loading more…</span>
              </div>
            );
          return (
            <ConversationRow
              key={v.key}
              conversation={c}
              domId={rowId(v.index)}
              index={v.index}
              setSize={setSize}
              top={v.start}
              active={v.index === activeIndex}
              selected={c.id === selectedId}
              checked={checkedIds.has(c.id)}
              now={now}
              search={search}
              onOpen={open}
              onCheck={check}
            />
          );
        })}
      </div>
    </div>
  );
});

import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { Avatar } from '../ui/Avatar';

/** One row of the audience list. */
export interface AudienceRow {
  prospectId: string;
  name: string | null;
  profileUrl: string;
  /** "Headline · Company", or just one of them. */
  detail: string;
}

export const ROW_HEIGHT = 60;
/** Rows left below the window when the next page is requested. */
const PREFETCH_ROWS = 40;

/** A profile URL without its scheme and `www.`, for a row without a name. */
export const shortProfile = (url: string): string => url.replace(/^https?:\/\/(www\.)?/i, '');

const Row = memo(function Row({
  row,
  top,
  open,
  checked,
  onOpen,
  onCheck,
}: {
  row: AudienceRow;
  top: number;
  open: boolean;
  checked: boolean | undefined;
  onOpen(id: string): void;
  onCheck?(id: string): void;
}) {
  const title = row.name ?? shortProfile(row.profileUrl);
  return (
    <div
      className={`audience-row${open ? ' is-open' : ''}`}
      role="listitem"
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
    >
      {onCheck && (
        <input
          type="checkbox"
          className="audience-row-check"
          checked={checked}
          onChange={() => onCheck(row.prospectId)}
          aria-label={`Choose ${title}`}
        />
      )}
      <button type="button" className="audience-row-open" onClick={() => onOpen(row.prospectId)} aria-current={open || undefined}>
        <Avatar name={title} url={null} size={34} />
        <span className="audience-row-text">
          <span className="audience-row-name">{title}</span>
          <span className="audience-row-detail muted">{row.detail || shortProfile(row.profileUrl)}</span>
        </span>
      </button>
    </div>
  );
});

/** The virtualised audience list: only the rows in view are in the page, the next page loads near the end. */
export function ProspectList({
  rows,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  openId,
  checkedIds,
  onOpen,
  onCheck,
}: {
  rows: AudienceRow[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
  openId: string | null;
  checkedIds?: ReadonlySet<string>;
  onOpen(id: string): void;
  onCheck?(id: string): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows.length + (hasNextPage ? 1 : 0);
  // The virtualizer re-renders this list itself on scroll; no memoized child reads it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => rows[i]?.prospectId ?? `loader-${i}`,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={scrollRef} className="audience-list" aria-busy={isFetchingNextPage} data-loaded-rows={rows.length}>
      <div role="list" aria-label="Prospects" className="audience-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((v) => {
          const row = rows[v.index];
          if (!row)
            return (
              <div
                key={v.key}
                role="listitem"
                className="audience-row"
                style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
              >
                <span className="muted audience-loader">Loading more…</span>
              </div>
            );
          return (
            <Row
              key={v.key}
              row={row}
              top={v.start}
              open={row.prospectId === openId}
              checked={checkedIds ? checkedIds.has(row.prospectId) : undefined}
              onOpen={onOpen}
              onCheck={onCheck}
            />
          );
        })}
      </div>
    </div>
  );
}

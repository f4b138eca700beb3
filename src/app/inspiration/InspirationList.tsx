import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useInspirations, type Inspiration } from '../api/inspiration';
import { useEditorBridge } from '../shared-bridge';
import { Avatar } from '../ui/Avatar';
import { formatCount, fullTime, relativeTime } from '../ui/format';
import { isLoadableMediaUrl, MEDIA_IMG_PROPS } from '../ui/media';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { toast } from '../ui/toast';
import { useDebouncedField } from '../ui/useDebounced';
import { startCardDrag } from './canvas-drop';
import { placeInMessage } from './place-in-message';

const isWebUrl = (u: string | null | undefined): u is string => Boolean(u && /^https?:\/\//i.test(u));
const count = (n: number | null, label: string) =>
  n === null ? null : (
    <span>
      {formatCount(n)} {label}
    </span>
  );

const InspirationCard = memo(function InspirationCard({
  item,
  target,
  hintId,
}: {
  item: Inspiration;
  target: ReturnType<typeof useEditorBridge.getState>['messageTarget'];
  hintId: string;
}) {
  const thumb = item.media.find((m) => isLoadableMediaUrl(m.thumbnailUrl ?? (m.type === 'image' ? m.url : null)));
  // The step whose written message this post would replace, while the user is asked.
  const [asking, setAsking] = useState<string | null>(null);
  // One way in for the button and a drop on the step: at the cursor, into an empty message, or asked.
  const use = () => {
    if (!target) return;
    const placed = placeInMessage(target.currentText(), target.cursor(), item.text);
    if (placed.kind === 'ask') return setAsking(target.nodeId);
    target.applyTemplate(placed.text);
    toast.success(placed.kind === 'insert' ? `Inserted at the cursor in “${target.label}”.` : `Copied into “${target.label}”.`);
  };
  const replace = () => {
    setAsking(null);
    if (!target) return;
    target.applyTemplate(item.text);
    toast.success(`Replaced the message of “${target.label}”.`);
  };
  return (
    <li className="insp-card" draggable onDragStart={(e) => startCardDrag(item.text, e.dataTransfer, use)} data-inspiration-id={item.id}>
      <div className="insp-head">
        <Avatar name={item.author ?? '?'} url={item.avatarUrl} size={28} />
        <div className="insp-who">
          <span className="insp-author">{item.author ?? 'Unknown author'}</span>
          <time className="muted" dateTime={item.createdAt} title={`Saved ${fullTime(item.createdAt)}`}>
            {relativeTime(item.createdAt)}
          </time>
        </div>
        {isWebUrl(item.url) && (
          <a href={item.url} target="_blank" rel="noreferrer noopener" className="insp-link">
            Open<span className="visually-hidden"> the original post (new tab)</span>
          </a>
        )}
      </div>
      <p className="insp-text">{item.text}</p>
      {thumb && <img className="insp-thumb" src={(thumb.thumbnailUrl ?? thumb.url)!} alt="" {...MEDIA_IMG_PROPS} />}
      <div className="insp-foot">
        <span className="insp-metrics muted">
          {count(item.reactions, 'reactions')}
          {count(item.comments, 'comments')}
          {count(item.reposts, 'reposts')}
          {item.media.length > 0 && <span>{item.media.length} media</span>}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!target}
          aria-describedby={target ? undefined : hintId}
          onClick={use}
        >
          Use in message
        </button>
      </div>
      {target && asking === target.nodeId && (
        <div className="insp-confirm" role="alertdialog" aria-label="Replace the message?">
          <p>
            “{target.label}” already has a message. Replace it with this post? To add the post to it instead, click where it should go in
            the step’s message, then use the post again.
          </p>
          <button type="button" className="btn btn-sm btn-primary" onClick={replace}>
            Replace the message
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setAsking(null)}>
            Keep it
          </button>
        </div>
      )}
    </li>
  );
});

/** Saved inspirations with search; "Use in message" (or drag onto the node) puts a post's text into the selected message node. */
export function InspirationList({ layout }: { layout: 'page' | 'dock' }) {
  const hintId = useId();
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useDebouncedField(search, setSearch);
  const query = useInspirations(search);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const target = useEditorBridge((s) => s.messageTarget);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite: the next page loads as the end of the list scrolls into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && void fetchNextPage(), {
      rootMargin: '200px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  return (
    <section className="insp-list" aria-labelledby={`${hintId}-h`}>
      <div className="insp-list-head">
        <h2 id={`${hintId}-h`}>Saved inspirations</h2>
        <label className="insp-search">
          <span className="visually-hidden">Search inspirations</span>
          <input
            className="input input-sm"
            type="search"
            placeholder="Search text or author…"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <p id={hintId} className={`field-help${target ? ' insp-target' : ''}`}>
          {target
            ? `“Use in message” fills “${target.label}”. You can also drag a card onto that step.`
            : layout === 'dock'
              ? 'Select a message step on the canvas to use a post in it.'
              : 'Open a campaign and select a message step to use a post in it.'}
        </p>
      </div>
      {query.isPending ? (
        <SkeletonRows count={4} label="Loading inspirations" />
      ) : query.isError && !items.length ? (
        <ErrorState what="inspirations" error={query.error} onRetry={() => void query.refetch()} />
      ) : !items.length ? (
        <EmptyState title={search ? 'No inspirations match this search' : 'No inspirations saved yet'}>
          {search && (
            <button type="button" className="btn btn-sm" onClick={() => (setDraft(''), setSearch(''))}>
              Clear search
            </button>
          )}
        </EmptyState>
      ) : (
        <ul className="insp-cards" aria-label="Inspirations" aria-busy={isFetchingNextPage}>
          {items.map((item) => (
            <InspirationCard key={item.id} item={item} target={target} hintId={hintId} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="insp-sentinel">
        {hasNextPage && (
          <button type="button" className="btn btn-sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
        {query.isFetchNextPageError && <ErrorState what="more inspirations" error={query.error} onRetry={() => void fetchNextPage()} />}
      </div>
    </section>
  );
}

import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useInspirations, type Inspiration } from '../api/inspiration';
import { useEditorBridge } from '../shared-bridge';
import { Avatar } from '../ui/Avatar';
import { formatCount, fullTime, relativeTime } from '../ui/format';
import { isLoadableMediaUrl, MEDIA_IMG_PROPS } from '../ui/media';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { toast } from '../ui/toast';
import { useDebouncedField } from '../ui/useDebounced';
import { startCardDrag } from './canvas-drop';
import { placedWords, placeInMessage } from './place-in-message';
import { postTags } from './post-tags';

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
  onTag,
}: {
  item: Inspiration;
  target: ReturnType<typeof useEditorBridge.getState>['messageTarget'];
  hintId: string;
  /** A tag clicked: the list shows the posts with it. */
  onTag: (tag: string) => void;
}) {
  const tags = useMemo(() => postTags(item.text), [item.text]);
  const thumb = item.media.find((m) => isLoadableMediaUrl(m.thumbnailUrl ?? (m.type === 'image' ? m.url : null)));
  // One way in for the button and a drop on the step: at the cursor, into an empty message, or after
  // a written one — at once, nothing asked below the card; the toast's Undo (or the editor's) takes it back.
  const use = () => {
    if (!target) return;
    const before = target.currentText();
    const placed = placeInMessage(before, target.cursor(), item.text);
    target.applyTemplate(placed.text);
    // Undo puts the message back only while it is still what the post made it (typing since is kept).
    const undo = () => {
      if (target.currentText() === placed.text) target.applyTemplate(before);
      else toast.info(`“${target.label}” changed since: undo it in the editor (Ctrl+Z).`);
    };
    toast.undoable(placedWords(placed.kind, target.label), { undo, commit: () => undefined });
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
      {item.notes && (
        <p className="insp-notes">
          <span className="insp-notes-label">Your notes</span> {item.notes}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="insp-tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button type="button" className="insp-tag" title={`Show the posts tagged #${tag}`} onClick={() => onTag(`#${tag}`)}>
                #{tag}
              </button>
            </li>
          ))}
        </ul>
      )}
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
  // A tag's click searches for it (the search box follows the search).
  const showTag = useCallback((tag: string) => setSearch(tag), []);

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
            <InspirationCard key={item.id} item={item} target={target} hintId={hintId} onTag={showTag} />
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

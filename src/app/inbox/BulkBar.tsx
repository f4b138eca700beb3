import { useId, useState } from 'react';
import { BULK_ACTIONS, MAX_BULK_IDS, MAX_TAG_LENGTH, type BulkAction } from '../../domain/contract/conversations';
import { useBulkAction } from '../api/conversations';
import { ApiProblem } from '../api/http';
import { toast } from '../ui/toast';
import { TagSuggestions } from './TagSuggestions';

const DONE: Record<BulkAction, (n: number, tag: string) => string> = {
  mark_read: (n) => `Marked ${n} conversation${n === 1 ? '' : 's'} read`,
  mark_unread: (n) => `Marked ${n} conversation${n === 1 ? '' : 's'} unread`,
  add_tag: (n, tag) => `Tagged ${n} conversation${n === 1 ? '' : 's'} “${tag}”`,
  remove_tag: (n, tag) => `Removed “${tag}” from ${n} conversation${n === 1 ? '' : 's'}`,
};

/** Contract 8.2 bulk actions over the selected conversations (all or nothing, up to 200 at once). */
export function BulkBar({
  ids,
  allLoaded,
  onSelectAll,
  onClear,
}: {
  ids: string[];
  allLoaded: boolean;
  onSelectAll(): void;
  onClear(): void;
}) {
  const listId = useId();
  const [tag, setTag] = useState('');
  const bulk = useBulkAction();
  const tooMany = ids.length > MAX_BULK_IDS;

  const run = (action: BulkAction) => {
    const t = tag.trim();
    bulk.mutate(
      { conversationIds: ids, action, ...(action === 'add_tag' || action === 'remove_tag' ? { tag: t } : {}) },
      {
        onSuccess: ({ updated }) => {
          toast.success(DONE[action](updated, t));
          if (action === 'add_tag' || action === 'remove_tag') setTag('');
        },
        onError: (err) => toast.error(`Nothing was changed: ${err instanceof ApiProblem ? err.message : 'the action failed.'}`),
      },
    );
  };
  const busy = bulk.isPending || tooMany;
  const tagReady = Boolean(tag.trim()) && tag.trim().length <= MAX_TAG_LENGTH;

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Actions on the selected conversations">
      <span className="bulk-count" aria-live="polite">
        {ids.length} selected
      </span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onSelectAll}>
        {allLoaded ? 'Select none' : 'Select all loaded'}
      </button>
      {BULK_ACTIONS.slice(0, 2).map((a) => (
        <button key={a} type="button" className="btn btn-sm" disabled={busy} onClick={() => run(a)}>
          {a === 'mark_read' ? 'Mark read' : 'Mark unread'}
        </button>
      ))}
      <label className="visually-hidden" htmlFor={`${listId}-tag`}>
        Tag for the selected conversations
      </label>
      <input
        id={`${listId}-tag`}
        className="input input-sm"
        placeholder="Tag…"
        list={listId}
        value={tag}
        maxLength={MAX_TAG_LENGTH}
        onChange={(e) => setTag(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && tagReady && !busy && run('add_tag')}
      />
      <TagSuggestions id={listId} />
      <button type="button" className="btn btn-sm" disabled={busy || !tagReady} onClick={() => run('add_tag')}>
        Add tag
      </button>
      <button type="button" className="btn btn-sm" disabled={busy || !tagReady} onClick={() => run('remove_tag')}>
        Remove tag
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onClear} aria-label="Clear the selection">
        Clear
      </button>
      {tooMany && <span className="field-error">At most {MAX_BULK_IDS} at once: select fewer.</span>}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useSetTags, type Conversation } from '../api/conversations';
import { ApiProblem } from '../api/http';
import { toast } from '../ui/toast';

// Contract 7 bounds (server putTagsBody): 1..50 characters each, at most 20.
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;

/** Tag chips of one conversation: add with Enter, remove with ×. Each change PUTs the whole list. */
export function TagEditor({ conversation }: { conversation: Conversation }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setTags = useSetTags();
  const tags = conversation.tags;

  const save = (next: string[]) => {
    setError(null);
    setTags.mutate(
      { id: conversation.id, tags: next },
      {
        onError: (err) => {
          const message = err instanceof ApiProblem ? (err.errors[0]?.message ?? err.message) : 'The tags could not be saved.';
          setError(message);
          toast.error(`Tags not saved: ${message}`);
        },
      },
    );
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    if (tag.length > MAX_TAG_LENGTH) return setError(`A tag is at most ${MAX_TAG_LENGTH} characters.`);
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return setError(`“${tag}” is already a tag.`);
    if (tags.length >= MAX_TAGS) return setError(`At most ${MAX_TAGS} tags.`);
    setDraft('');
    save([...tags, tag]);
  };

  return (
    <section className="tag-editor" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="tag-editor-title">
        Tags
      </h3>
      <ul className="chip-list" aria-label="Tags of this conversation">
        {tags.length === 0 && <li className="muted">No tags yet.</li>}
        {tags.map((t) => (
          <li key={t} className="chip">
            {t}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove tag ${t}`}
              disabled={setTags.isPending}
              onClick={() => save(tags.filter((x) => x !== t))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="tag-add" onSubmit={add}>
        <label htmlFor={`${id}-in`} className="visually-hidden">
          New tag
        </label>
        <input
          id={`${id}-in`}
          className="input input-sm"
          placeholder="Add a tag"
          value={draft}
          maxLength={MAX_TAG_LENGTH + 10}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <button type="submit" className="btn btn-sm" disabled={setTags.isPending || !draft.trim()}>
          Add tag
        </button>
      </form>
      {error && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

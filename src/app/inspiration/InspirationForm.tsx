import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAccounts } from '../api/accounts';
import { ApiProblem } from '../api/http';
import { useSaveInspiration } from '../api/inspiration';
import { toast } from '../ui/toast';
import { Field } from './Field';
import { MediaEditor } from './MediaEditor';
import { EMPTY_DRAFT, serverErrors, validateDraft, type FieldErrors, type InspirationDraft } from './form-model';

type TextKey = Exclude<keyof InspirationDraft, 'media'>;

/** Spec 4.3 save-inspiration form: every field, the shared schema's rules, server errors on the same fields. */
export function InspirationForm({ onSaved }: { onSaved?(): void }) {
  const formId = useId().replace(/:/g, '');
  const [draft, setDraft] = useState<InspirationDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusErrors, setFocusErrors] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveInspiration();
  const { data: accounts } = useAccounts();
  const linkedinAccounts = accounts?.filter((a) => a.channel === 'professional_network') ?? [];

  // After a failed submit, focus the first invalid field so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (focusErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  const set = (key: TextKey, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const text = (key: TextKey, label: string, opts: { help?: string; placeholder?: string; type?: string; numeric?: boolean } = {}) => (
    <Field formId={formId} path={key} label={label} error={errors[key]} help={opts.help}>
      {(a) => (
        <input
          className="input input-sm"
          type={opts.type ?? 'text'}
          inputMode={opts.numeric ? 'numeric' : undefined}
          placeholder={opts.placeholder}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          {...a}
        />
      )}
    </Field>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const result = validateDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      setFocusErrors((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(result.input, {
      onSuccess: () => {
        toast.success('Inspiration saved.');
        setDraft(EMPTY_DRAFT);
        onSaved?.();
      },
      // The draft stays as typed: nothing is lost on a failed save.
      onError: (err) => {
        const mapped = err instanceof ApiProblem ? serverErrors(err.errors) : {};
        if (!Object.keys(mapped).length) mapped._form = err instanceof Error ? err.message : 'The inspiration could not be saved.';
        setErrors(mapped);
        setFocusErrors((n) => n + 1);
        toast.error('The inspiration was not saved. Check the highlighted fields.');
      },
    });
  };

  const knownPaths = new Set([...Object.keys(EMPTY_DRAFT), 'media']);
  const otherErrors = Object.entries(errors).filter(([k]) => !knownPaths.has(k) && !k.startsWith('media.'));

  return (
    <form ref={formRef} className="inspiration-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Save an inspiration</h2>
      {otherErrors.length > 0 && (
        <div className="form-errors" role="alert">
          {otherErrors.map(([k, m]) => (
            <p key={k} className="field-error">
              {k === '_form' ? m : `${k}: ${m}`}
            </p>
          ))}
        </div>
      )}
      <Field formId={formId} path="text" label="Post text (required)" error={errors.text}>
        {(a) => <textarea className="input" rows={5} value={draft.text} onChange={(e) => set('text', e.target.value)} required {...a} />}
      </Field>
      <fieldset className="form-group">
        <legend>Post</legend>
        {text('url', 'Post URL', { type: 'url', placeholder: 'https://www.linkedin.com/posts/…' })}
        <div className="form-row">
          {text('publishedAt', 'Published at', { placeholder: '2026-03-04T09:30:00Z' })}
          <div className="field-with-action">
            {text('observedAt', 'Observed at', { placeholder: '2026-03-05T10:00:00Z' })}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('observedAt', new Date().toISOString())}>
              Now
            </button>
          </div>
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>Author</legend>
        <div className="form-row">
          {text('author', 'Name')}
          {text('authorId', 'Author ID')}
        </div>
        {text('authorUrl', 'Profile URL', { type: 'url', placeholder: 'https://…' })}
        {text('avatarUrl', 'Avatar URL', { type: 'url', placeholder: 'https://…' })}
      </fieldset>
      <fieldset className="form-group">
        <legend>Engagement</legend>
        <div className="form-row form-row-3">
          {text('reactions', 'Reactions', { numeric: true })}
          {text('comments', 'Comments', { numeric: true })}
          {text('reposts', 'Reposts', { numeric: true })}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>Source</legend>
        <div className="form-row">
          {text('providerId', 'Provider ID')}
          <Field formId={formId} path="linkedinAccountId" label="LinkedIn account" error={errors.linkedinAccountId}>
            {(a) => (
              <select
                className="input input-sm"
                value={draft.linkedinAccountId}
                onChange={(e) => set('linkedinAccountId', e.target.value)}
                {...a}
              >
                <option value="">None</option>
                {linkedinAccounts.map((acc) => (
                  <option key={acc.id} value={acc.id}>
                    {acc.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field formId={formId} path="notes" label="Notes" error={errors.notes}>
          {(a) => <textarea className="input" rows={2} value={draft.notes} onChange={(e) => set('notes', e.target.value)} {...a} />}
        </Field>
      </fieldset>
      <MediaEditor
        formId={formId}
        media={draft.media}
        errors={errors}
        onChange={(media) => {
          setDraft((d) => ({ ...d, media }));
          setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => k !== 'media' && !k.startsWith('media.'))));
        }}
      />
      <p className="field-help">Empty optional fields are saved as “none”.</p>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => (setDraft(EMPTY_DRAFT), setErrors({}))} disabled={save.isPending}>
          Clear
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save inspiration'}
        </button>
      </div>
    </form>
  );
}

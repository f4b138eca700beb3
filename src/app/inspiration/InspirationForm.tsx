import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAccounts } from '../api/accounts';
import { ApiProblem } from '../api/http';
import { useSaveInspiration } from '../api/inspiration';
import { toast } from '../ui/toast';
import { Field } from './Field';
import { MediaEditor } from './MediaEditor';
import { DATE_FIELDS, EMPTY_DRAFT, localNow, serverErrors, validateDraft, type FieldErrors, type InspirationDraft } from './form-model';

type TextKey = Exclude<keyof InspirationDraft, 'media'>;

/** Fields folded behind "More details": ids, dates and the less used addresses. */
const MORE_DETAILS: readonly string[] = [...DATE_FIELDS, 'authorId', 'providerId', 'avatarUrl', 'linkedinAccountId'];
const INCOMPLETE_DATE = 'Must be a date: fill in the day, month, year and time, or clear it.';

/** Spec 4.3 save-inspiration form: every field, the shared schema's rules, server errors on the same fields. */
export function InspirationForm({ onSaved }: { onSaved?(): void }) {
  const formId = useId().replace(/:/g, '');
  const [draft, setDraft] = useState<InspirationDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusErrors, setFocusErrors] = useState(0);
  const [moreOpen, setMoreOpen] = useState(false);
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
          data-path={key}
          {...a}
        />
      )}
    </Field>
  );
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    // A field to fix behind "More details" must be seen: the section opens.
    if (Object.keys(found).some((k) => MORE_DETAILS.includes(k))) setMoreOpen(true);
    setFocusErrors((n) => n + 1);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    // A date input half filled in reads as empty: say so instead of saving no date.
    const incomplete = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]') ?? [])].filter(
      (el) => el.validity.badInput,
    );
    const result = validateDraft(draft);
    if (!result.ok || incomplete.length) {
      showErrors({
        ...(result.ok ? {} : result.errors),
        ...Object.fromEntries(incomplete.map((el) => [el.dataset.path, INCOMPLETE_DATE])),
      });
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
        showErrors(mapped);
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
      {text('url', 'Post URL', { type: 'url', placeholder: 'https://www.linkedin.com/posts/…' })}
      <Field formId={formId} path="text" label="Post text (required)" error={errors.text}>
        {(a) => <textarea className="input" rows={5} value={draft.text} onChange={(e) => set('text', e.target.value)} required {...a} />}
      </Field>
      <fieldset className="form-group">
        <legend>Author</legend>
        <div className="form-row">
          {text('author', 'Name')}
          {text('authorUrl', 'Profile URL', { type: 'url', placeholder: 'https://www.linkedin.com/in/…' })}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>Engagement</legend>
        <div className="form-row form-row-3">
          {text('reactions', 'Reactions', { numeric: true })}
          {text('comments', 'Comments', { numeric: true })}
          {text('reposts', 'Reposts', { numeric: true })}
        </div>
      </fieldset>
      <Field formId={formId} path="notes" label="Notes" error={errors.notes}>
        {(a) => <textarea className="input" rows={2} value={draft.notes} onChange={(e) => set('notes', e.target.value)} {...a} />}
      </Field>
      <MediaEditor
        formId={formId}
        media={draft.media}
        errors={errors}
        onChange={(media) => {
          setDraft((d) => ({ ...d, media }));
          setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => k !== 'media' && !k.startsWith('media.'))));
        }}
      />
      <details className="form-group insp-more" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
        <summary>More details</summary>
        <p className="field-help">Dates, ids and addresses a tool that captures posts may fill in.</p>
        <div className="form-row">
          {text('publishedAt', 'Published at', { type: 'datetime-local' })}
          <div className="field-with-action">
            {text('observedAt', 'Observed at', { type: 'datetime-local' })}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('observedAt', localNow())}>
              Now
            </button>
          </div>
        </div>
        <div className="form-row">
          {text('authorId', 'Author ID')}
          {text('providerId', 'Provider ID')}
        </div>
        <div className="form-row">
          {text('avatarUrl', 'Avatar URL', { type: 'url', placeholder: 'https://…' })}
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
      </details>
      <p className="field-help">Empty optional fields are saved as “none”.</p>
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          onClick={() => (setDraft(EMPTY_DRAFT), setErrors({}), setMoreOpen(false))}
          disabled={save.isPending}
        >
          Clear
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save inspiration'}
        </button>
      </div>
    </form>
  );
}

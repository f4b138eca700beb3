import { EVENT_LABEL } from './event-labels';
import { useId, useState, type FormEvent } from 'react';
import { ApiProblem } from '../api/http';
import {
  DEFAULT_GRACE_HOURS,
  EVENT_TYPES,
  useRotateSecret,
  useUpdateEndpoint,
  type EventType,
  type RotatedSecret,
  type WebhookEndpoint,
} from '../api/webhooks';
import { CopyButton } from '../ui/CopyButton';
import { Dialog } from '../ui/Dialog';
import { fullTime } from '../ui/format';
import { toast } from '../ui/toast';

/** The event-type checkboxes (none checked = all), shared by create and edit. */
export function EventTypeChoice({ value, onChange, error }: { value: EventType[]; onChange(v: EventType[]): void; error?: string }) {
  const toggle = (t: EventType, on: boolean) => onChange(on ? [...value, t] : value.filter((x) => x !== t));
  return (
    <fieldset className="event-types">
      <legend>
        Event types <span className="muted">(none checked = all)</span>
      </legend>
      {EVENT_TYPES.map((t) => (
        <label key={t} className="check-row">
          <input type="checkbox" checked={value.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
          {EVENT_LABEL[t]}
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** The server's field errors by first path segment (url, eventTypes), or one form-level message. */
export function fieldErrorsOf(err: Error): Record<string, string> {
  const mapped: Record<string, string> = {};
  if (err instanceof ApiProblem) for (const fe of err.errors) mapped[fe.path.split('.')[0] || '_form'] ??= fe.message;
  if (!Object.keys(mapped).length) mapped._form = err.message;
  return mapped;
}

/** Edit an endpoint's URL and event types (contract 8.3 PATCH). */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const id = useId();
  const update = useUpdateEndpoint();
  const [url, setUrl] = useState(endpoint.url);
  const [types, setTypes] = useState<EventType[]>(endpoint.eventTypes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { endpointId: endpoint.endpointId, url: url.trim(), eventTypes: types },
      {
        onSuccess: () => {
          toast.success('Endpoint saved.');
          onClose();
        },
        onError: (err) => setErrors(fieldErrorsOf(err)),
      },
    );
  };
  return (
    <Dialog
      title="Edit endpoint"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-url`}>Endpoint URL</label>
          <input
            id={`${id}-url`}
            className="input"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-err` : undefined}
            data-autofocus
          />
          {errors.url && (
            <p id={`${id}-url-err`} className="field-error">
              {errors.url}
            </p>
          )}
        </div>
        <EventTypeChoice value={types} onChange={setTypes} error={errors.eventTypes} />
        {errors._form && (
          <p className="field-error" role="alert">
            {errors._form}
          </p>
        )}
      </form>
    </Dialog>
  );
}

const GRACE_CHOICES = [0, 1, 24, 72, 168];
const graceLabel = (h: number) =>
  h === 0 ? 'No grace: the old secret stops now' : h < 24 ? `${h} hour` : `${h / 24} day${h > 24 ? 's' : ''}`;

/** Rotate the signing secret with a grace period; the new secret is shown once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const id = useId();
  const rotate = useRotateSecret();
  const [grace, setGrace] = useState(DEFAULT_GRACE_HOURS);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const submit = () =>
    rotate.mutate(
      { endpointId: endpoint.endpointId, graceHours: grace },
      { onSuccess: setRotated, onError: (err) => toast.error(`Secret not rotated: ${err.message}`) },
    );
  if (rotated)
    return (
      <Dialog
        title="New signing secret"
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            I have saved it
          </button>
        }
      >
        <p className="field-warning">Copy it now: it is shown only once.</p>
        <div className="secret-row">
          <code className="secret-value" aria-label="New signing secret">
            {rotated.secret}
          </code>
          <CopyButton text={rotated.secret} label="Copy secret" />
        </div>
        <p className="muted">
          {rotated.previousSecretExpiresAt
            ? `Until ${fullTime(rotated.previousSecretExpiresAt)}, each request is signed with both secrets (the new one first), so your receiver keeps working while you switch it over.`
            : 'The old secret no longer signs anything.'}
        </p>
      </Dialog>
    );
  return (
    <Dialog
      title="Rotate signing secret"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
          </button>
        </>
      }
    >
      <p>
        A new secret signs every request to <strong>{endpoint.url}</strong>. During the grace period the old secret signs too (a second
        signature in the same header), so nothing breaks while you update your receiver.
      </p>
      <div className="field">
        <label htmlFor={`${id}-grace`}>Grace period</label>
        <select id={`${id}-grace`} className="input" value={grace} onChange={(e) => setGrace(Number(e.target.value))} data-autofocus>
          {GRACE_CHOICES.map((h) => (
            <option key={h} value={h}>
              {graceLabel(h)}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}

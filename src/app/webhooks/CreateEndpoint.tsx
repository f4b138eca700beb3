import { useId, useState, type FormEvent } from 'react';
import { useCreateEndpoint, type CreatedEndpoint, type EventType } from '../api/webhooks';
import { CopyButton } from '../ui/CopyButton';
import { toast } from '../ui/toast';
import { EventTypeChoice, fieldErrorsOf } from './EndpointDialogs';

/** The signing secret, shown this once (contract 6): copy it now, it cannot be shown again. */
function SecretOnce({ created, onDone }: { created: CreatedEndpoint; onDone(): void }) {
  const id = useId();
  return (
    <div className="secret-once card" role="region" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Signing secret for {created.url}</h3>
      <p className="field-warning">Copy it now: it is shown only once. Use it to verify the webhook-signature header.</p>
      <div className="secret-row">
        <code className="secret-value" aria-label="Signing secret">
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy secret" />
      </div>
      <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
        I have saved it
      </button>
    </div>
  );
}

/** Create an endpoint: URL plus the event types (none = all). */
export function CreateEndpoint({ onCreated }: { onCreated?(endpointId: string): void }) {
  const id = useId();
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(trimmed)) return setErrors({ url: 'Enter an http(s) URL, like https://example.com/hooks.' });
    setErrors({});
    create.mutate(
      { url: trimmed, eventTypes: types },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl('');
          setTypes([]);
          toast.success('Endpoint created.');
          onCreated?.(endpoint.endpointId);
        },
        onError: (err) => setErrors(fieldErrorsOf(err)),
      },
    );
  };

  if (created) return <SecretOnce created={created} onDone={() => setCreated(null)} />;
  return (
    <form className="create-endpoint" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Add an endpoint</h3>
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          className="input input-sm"
          type="url"
          placeholder="https://example.com/webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-err` : undefined}
        />
        {errors.url && (
          <p id={`${id}-url-err`} className="field-error">
            {errors.url}
          </p>
        )}
      </div>
      <EventTypeChoice value={types} onChange={setTypes} error={errors.eventTypes} />
      {(errors._form || errors.workspaceId) && (
        <p className="field-error" role="alert">
          {errors._form ?? errors.workspaceId}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create endpoint'}
      </button>
    </form>
  );
}

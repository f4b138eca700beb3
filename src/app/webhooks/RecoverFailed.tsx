import { useId, useState } from 'react';
import { useRecover } from '../api/webhooks';
import { toast } from '../ui/toast';
import { newIdempotencyKey } from './RedeliverButton';

/** `datetime-local` value for a moment, in local time. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * "Recover failed since…": a dry run first says how many failed deliveries would be sent again; confirming
 * queues them with one idempotency key (a double click or a retry cannot queue twice).
 */
export function RecoverFailed({ endpointId, onDone }: { endpointId: string; onDone(): void }) {
  const id = useId();
  const recover = useRecover();
  const [since, setSince] = useState(() => localInput(Date.now() - 24 * 3600_000));
  const [matched, setMatched] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const sinceIso = () => new Date(since).toISOString();

  const check = () =>
    recover.mutate(
      { endpointId, since: sinceIso(), dryRun: true, idempotencyKey: key },
      { onSuccess: (r) => setMatched(r.matched), onError: (err) => toast.error(`Could not count: ${err.message}`) },
    );
  const confirm = () =>
    recover.mutate(
      { endpointId, since: sinceIso(), dryRun: false, idempotencyKey: key },
      {
        onSuccess: (r) => {
          toast.success(`${r.queued ?? 0} failed ${r.queued === 1 ? 'delivery is' : 'deliveries are'} being sent again.`);
          onDone();
        },
        onError: (err) => toast.error(`Not recovered: ${err.message}`),
      },
    );

  return (
    <div className="recover-box" role="group" aria-labelledby={`${id}-h`}>
      <p id={`${id}-h`}>
        <strong>Recover failed deliveries</strong> <span className="muted">— send every failed one again, from a date on.</span>
      </p>
      <div className="field">
        <label htmlFor={`${id}-since`}>Failed since</label>
        <input
          id={`${id}-since`}
          className="input input-sm"
          type="datetime-local"
          value={since}
          onChange={(e) => {
            setSince(e.target.value);
            setMatched(null);
            setKey(newIdempotencyKey()); // another window is another recovery
          }}
        />
      </div>
      {matched === null ? (
        <button type="button" className="btn btn-sm" onClick={check} disabled={recover.isPending || !since}>
          {recover.isPending ? 'Counting…' : 'Count failed'}
        </button>
      ) : matched === 0 ? (
        <span role="status">No failed deliveries since then.</span>
      ) : (
        <>
          <span role="status">
            {matched} failed {matched === 1 ? 'delivery' : 'deliveries'} will be sent again.
          </span>
          <button type="button" className="btn btn-sm btn-primary" onClick={confirm} disabled={recover.isPending}>
            {recover.isPending ? 'Queuing…' : `Send ${matched} again`}
          </button>
        </>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}

import { EVENT_LABEL } from './event-labels';
import { useEffect, useId, useRef } from 'react';
import { attemptFailureWords } from '../../domain/webhook-failures';
import { useDeliveryDetail } from '../api/webhooks';
import { CopyButton } from '../ui/CopyButton';
import { RelativeTime } from '../ui/Time';
import { ErrorState, SkeletonRows } from '../ui/StateViews';
import { DELIVERY_STATUS_BADGE, DELIVERY_STATUS_LABEL } from './labels';

/** One delivery: its attempts (time, answer, duration, what the receiver said) and the event body, pretty-printed. */
export function DeliveryDrawer({ endpointId, deliveryId, onClose }: { endpointId: string; deliveryId: string; onClose(): void }) {
  const id = useId();
  const query = useDeliveryDetail(endpointId, deliveryId);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  // Focus moves in once on open and back on close (not on every poll's re-render).
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCloseRef.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  const d = query.data;
  const body = d ? JSON.stringify(d.body, null, 2) : '';
  return (
    <aside className="delivery-drawer" role="dialog" aria-modal="false" aria-labelledby={`${id}-h`}>
      <header>
        <h2 id={`${id}-h`}>Delivery{d ? `: ${EVENT_LABEL[d.eventType]}` : null}</h2>
        <button ref={closeRef} type="button" className="btn btn-sm" onClick={onClose} aria-label="Close delivery details">
          Close
        </button>
      </header>
      <div className="drawer-body">
        {query.isPending ? (
          <SkeletonRows count={4} label="Loading the delivery" />
        ) : query.isError ? (
          <ErrorState what="this delivery" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p>
              <span className={`badge ${DELIVERY_STATUS_BADGE[query.data.status]}`}>{DELIVERY_STATUS_LABEL[query.data.status]}</span>{' '}
              <span className="muted">
                created <RelativeTime iso={query.data.createdAt} />
                {query.data.nextAttemptAt && (
                  <>
                    {' '}
                    · next attempt <RelativeTime iso={query.data.nextAttemptAt} />
                  </>
                )}
              </span>
            </p>
            <h3>Attempts ({query.data.attempts.length})</h3>
            {query.data.attempts.length === 0 ? (
              <p className="muted">Not attempted yet.</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Took</th>
                    <th scope="col">Receiver said</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.attempts.map((a, i) => (
                    <tr key={i}>
                      <td>
                        <RelativeTime iso={a.at} />
                      </td>
                      <td>{attemptFailureWords(a) ?? a.status}</td>
                      <td>{a.durationMs} ms</td>
                      <td>
                        {a.responseBodyExcerpt ? (
                          <span className="attempt-excerpt" title={a.responseBodyExcerpt}>
                            {a.responseBodyExcerpt}
                          </span>
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <h3>
              Event body <CopyButton text={body} label="Copy body" />
            </h3>
            <pre aria-label="Event body">{body}</pre>
          </>
        )}
      </div>
    </aside>
  );
}

import { useMemo, useState } from 'react';
import { useDeliveries, type Delivery, type DeliveryStatus, type WebhookEndpoint } from '../api/webhooks';
import { fullTime, relativeTime } from '../ui/format';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { RedeliverButton } from './RedeliverButton';

const STATUS_BADGE: Record<DeliveryStatus, string> = { pending: 'badge-warning', delivered: 'badge-success', exhausted: 'badge-error' };
const short = (id: string) => id.slice(0, 8);

/** Deliveries of one endpoint, newest first; polls while any is pending; Redeliver on delivered/exhausted ones. */
export function Deliveries({ endpoint, onBack }: { endpoint: WebhookEndpoint; onBack?(): void }) {
  const query = useDeliveries(endpoint.endpointId);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const [fresh, setFresh] = useState<string | null>(null);
  const polling = items.some((d) => d.status === 'pending');

  const showNew = (d: Delivery) => {
    setFresh(d.deliveryId);
    setTimeout(() => setFresh((f) => (f === d.deliveryId ? null : f)), 4000);
  };

  return (
    <section className="deliveries" aria-labelledby={`deliveries-${endpoint.endpointId}`}>
      <div className="deliveries-head">
        {onBack && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onBack} aria-label="Back to endpoints">
            ←
          </button>
        )}
        <h2 id={`deliveries-${endpoint.endpointId}`}>
          Deliveries <span className="muted deliveries-url">{endpoint.url}</span>
        </h2>
        <span className="muted deliveries-poll" aria-live="polite">
          {polling ? 'Watching pending deliveries…' : ''}
        </span>
      </div>
      {query.isPending ? (
        <SkeletonRows count={5} label="Loading deliveries" />
      ) : query.isError && !items.length ? (
        <ErrorState what="deliveries" error={query.error} onRetry={() => void query.refetch()} />
      ) : !items.length ? (
        <EmptyState title="No deliveries yet">
          <p className="muted">Events this endpoint subscribes to will show up here.</p>
        </EmptyState>
      ) : (
        // A scrolling region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Deliveries table">
          <table className="table deliveries-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Event</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Created</th>
                <th scope="col">Redelivery of</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.deliveryId} className={d.deliveryId === fresh ? 'is-fresh' : undefined} data-delivery-row={d.deliveryId}>
                  <td>
                    <span className={`badge ${STATUS_BADGE[d.status]}`}>{d.status}</span>
                  </td>
                  <td>
                    <code>{d.eventType}</code>
                    <div className="muted deliveries-event" title={d.eventId}>
                      event {short(d.eventId)}
                    </div>
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.lastResponseStatus ?? <span className="muted">—</span>}</td>
                  <td>
                    <time dateTime={d.createdAt} title={fullTime(d.createdAt)}>
                      {relativeTime(d.createdAt)}
                    </time>
                  </td>
                  <td>{d.redeliveryOf ? <code title={d.redeliveryOf}>{short(d.redeliveryOf)}</code> : <span className="muted">—</span>}</td>
                  <td>
                    <RedeliverButton delivery={d} onRedelivered={showNew} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <div className="insp-sentinel">
          <button type="button" className="btn btn-sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}

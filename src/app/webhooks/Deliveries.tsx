import { EVENT_LABEL } from './event-labels';
import { useId, useMemo, useState } from 'react';
import {
  DELIVERY_EVENT_TYPES,
  DELIVERY_STATUSES,
  useDeliveries,
  useSendTestEvent,
  type Delivery,
  type DeliveryFilters,
  type WebhookEndpoint,
} from '../api/webhooks';
import { CopyButton } from '../ui/CopyButton';
import { fullTime } from '../ui/format';
import { RelativeTime } from '../ui/Time';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { toast } from '../ui/toast';
import { DeliveryAnswer } from './DeliveryAnswer';
import { DeliveryDrawer } from './DeliveryDrawer';
import { EditEndpointDialog, RotateSecretDialog } from './EndpointDialogs';
import { DELIVERY_STATUS_BADGE, DELIVERY_STATUS_LABEL, shortId } from './labels';
import { RecoverFailed } from './RecoverFailed';
import { RedeliverButton } from './RedeliverButton';

/** Deliveries of one endpoint, newest first, filtered; polls while any is pending; the endpoint's operator actions. */
export function Deliveries({ endpoint, onBack }: { endpoint: WebhookEndpoint; onBack?(): void }) {
  const id = useId();
  const [filters, setFilters] = useState<DeliveryFilters>({ status: null, eventType: null });
  const query = useDeliveries(endpoint.endpointId, filters);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const [fresh, setFresh] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'rotate' | 'recover' | null>(null);
  const sendTest = useSendTestEvent();
  const polling = items.some((d) => d.status === 'pending');

  const showNew = (d: Delivery) => {
    setFresh(d.deliveryId);
    setTimeout(() => setFresh((f) => (f === d.deliveryId ? null : f)), 4000);
  };
  const test = () =>
    sendTest.mutate(endpoint.endpointId, {
      onSuccess: (d) => {
        toast.success(d.status === 'held' ? 'Test event held: the endpoint is off.' : 'Test event sent.');
        showNew(d);
      },
      onError: (err) => toast.error(`Test event not sent: ${err.message}`),
    });

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
      <div className="deliveries-tools">
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="input input-sm"
            value={filters.status ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, status: (e.target.value || null) as DeliveryFilters['status'] }))}
          >
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DELIVERY_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Event type</label>
          <select
            id={`${id}-type`}
            className="input input-sm"
            value={filters.eventType ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, eventType: (e.target.value || null) as DeliveryFilters['eventType'] }))}
          >
            <option value="">Any event type</option>
            {DELIVERY_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-sm"
          onClick={test}
          disabled={sendTest.isPending}
          title="A test event holds an example: the latest real event this endpoint receives, as it was sent"
        >
          Send test event
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setDialog('recover')}>
          Recover failed since…
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setDialog('edit')}>
          Edit
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setDialog('rotate')}>
          Rotate secret
        </button>
      </div>
      {dialog === 'recover' && <RecoverFailed endpointId={endpoint.endpointId} onDone={() => setDialog(null)} />}
      {query.isPending ? (
        <SkeletonRows count={5} label="Loading deliveries" />
      ) : query.isError && !items.length ? (
        <ErrorState what="deliveries" error={query.error} onRetry={() => void query.refetch()} />
      ) : !items.length ? (
        <EmptyState title={filters.status || filters.eventType ? 'No deliveries match these filters' : 'No deliveries yet'}>
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
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.deliveryId} className={d.deliveryId === fresh ? 'is-fresh' : undefined} data-delivery-row={d.deliveryId}>
                  <td>
                    <span className={`badge ${DELIVERY_STATUS_BADGE[d.status]}`}>{DELIVERY_STATUS_LABEL[d.status]}</span>
                    {d.nextAttemptAt && (
                      <div className="muted deliveries-event">
                        next attempt <RelativeTime iso={d.nextAttemptAt} />
                      </div>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="delivery-open"
                      onClick={() => setOpen(d.deliveryId)}
                      aria-label={`Details of the “${EVENT_LABEL[d.eventType]}” delivery from ${fullTime(d.createdAt)}`}
                    >
                      {EVENT_LABEL[d.eventType]}
                    </button>
                    <div className="muted deliveries-event" title={d.eventId}>
                      event {shortId(d.eventId.replace(/^msg_/, ''))}
                    </div>
                    {d.redeliveryOf && (
                      <div className="muted deliveries-event delivery-link">
                        redelivery of
                        <button
                          type="button"
                          className="delivery-open"
                          title={d.redeliveryOf}
                          onClick={() => setOpen(d.redeliveryOf)}
                          aria-label={`Open the original delivery ${d.redeliveryOf}`}
                        >
                          {shortId(d.redeliveryOf)}
                        </button>
                        <CopyButton text={d.redeliveryOf} label="Copy id" className="btn btn-ghost btn-sm" />
                      </div>
                    )}
                  </td>
                  <td data-label="Attempts">{d.attempts}</td>
                  <td>
                    <DeliveryAnswer delivery={d} onOpen={() => setOpen(d.deliveryId)} />
                  </td>
                  <td>
                    <RelativeTime iso={d.createdAt} />
                  </td>
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
      {open && <DeliveryDrawer key={open} endpointId={endpoint.endpointId} deliveryId={open} onClose={() => setOpen(null)} />}
      {dialog === 'edit' && <EditEndpointDialog endpoint={endpoint} onClose={() => setDialog(null)} />}
      {dialog === 'rotate' && <RotateSecretDialog endpoint={endpoint} onClose={() => setDialog(null)} />}
    </section>
  );
}

import { useState } from 'react';
import { useDeleteEndpoint, useEndpoints, useUpdateEndpoint, type WebhookEndpoint } from '../api/webhooks';
import { setSearchParams, useLocation } from '../router';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PHONE_QUERY, useMediaQuery } from '../ui/screen';
import { RelativeTime } from '../ui/Time';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { toast } from '../ui/toast';
import { CreateEndpoint } from './CreateEndpoint';
import { Deliveries } from './Deliveries';
import { EVENT_LABEL } from './event-labels';
import { DISABLED_REASON_LABEL } from './labels';
import './webhooks.css';

function EndpointRow({
  endpoint,
  selected,
  onSelect,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onSelect(): void;
  onDelete(): void;
}) {
  const update = useUpdateEndpoint();
  const enabled = endpoint.status === 'enabled';
  const toggle = () =>
    update.mutate(
      { endpointId: endpoint.endpointId, status: enabled ? 'disabled' : 'enabled' },
      {
        onSuccess: () =>
          toast.success(enabled ? 'Endpoint turned off: new events are held.' : 'Endpoint turned on: held events are being sent.'),
        onError: (err) => toast.error(`Not changed: ${err.message}`),
      },
    );
  return (
    <li className={`endpoint-row${selected ? ' is-selected' : ''}`}>
      <button type="button" className="endpoint-main" onClick={onSelect} aria-current={selected ? 'true' : undefined}>
        <span className="endpoint-url">{endpoint.url}</span>
        <span className="endpoint-status">
          <span className={`badge ${enabled ? 'badge-success' : 'badge-error'}`}>{enabled ? 'On' : 'Off'}</span>
          {!enabled && endpoint.disabledReason && <span className="muted">{DISABLED_REASON_LABEL[endpoint.disabledReason]}</span>}
        </span>
        <span className="endpoint-types">
          {endpoint.eventTypes.length === 0 ? (
            <span className="chip chip-sm">all events</span>
          ) : (
            endpoint.eventTypes.map((t) => (
              <span key={t} className="chip chip-sm">
                {EVENT_LABEL[t]}
              </span>
            ))
          )}
        </span>
        <span className="muted endpoint-created">
          created <RelativeTime iso={endpoint.createdAt} />
        </span>
      </button>
      <div className="endpoint-actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={toggle}
          disabled={update.isPending}
          aria-label={`${enabled ? 'Turn off' : 'Turn on'} endpoint ${endpoint.url}`}
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm btn-danger" onClick={onDelete} aria-label={`Delete endpoint ${endpoint.url}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** Selected endpoint: the URL on /webhooks (shareable), local state in the dock. */
function useSelectedEndpoint(layout: 'page' | 'dock'): [string | null, (id: string | null) => void] {
  const { search } = useLocation();
  const [local, setLocal] = useState<string | null>(null);
  if (layout === 'page') return [search.get('endpoint'), (id) => setSearchParams({ endpoint: id }, { push: true })];
  return [local, setLocal];
}

/** The webhooks pane (spec 4.4, contract 6): endpoints, their deliveries, redelivery. */
export function WebhooksPane({ layout }: { layout: 'page' | 'dock' }) {
  const endpoints = useEndpoints();
  const remove = useDeleteEndpoint();
  const [selectedId, select] = useSelectedEndpoint(layout);
  // On a phone the page shows the endpoints or one endpoint's deliveries, as the dock does.
  const phone = useMediaQuery(PHONE_QUERY);
  const [confirming, setConfirming] = useState<WebhookEndpoint | null>(null);
  const selected = endpoints.data?.find((e) => e.endpointId === selectedId) ?? null;

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.endpointId, {
      onSuccess: () => {
        toast.success('Endpoint deleted.');
        if (selectedId === confirming.endpointId) select(null);
        setConfirming(null);
      },
      onError: (err) => toast.error(`Not deleted: ${err.message}`),
    });
  };

  const list = (
    <div className="endpoints">
      <h2>Endpoints</h2>
      {endpoints.isPending ? (
        <SkeletonRows count={3} label="Loading endpoints" />
      ) : endpoints.isError ? (
        <ErrorState what="webhook endpoints" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No endpoints yet">
          <p className="muted">Add one below to receive events.</p>
        </EmptyState>
      ) : (
        <ul className="endpoint-list" aria-label="Webhook endpoints">
          {endpoints.data.map((e) => (
            <EndpointRow
              key={e.endpointId}
              endpoint={e}
              selected={e.endpointId === selectedId}
              onSelect={() => select(e.endpointId)}
              onDelete={() => setConfirming(e)}
            />
          ))}
        </ul>
      )}
      {/* The page selects the new endpoint beside its secret; the dock would hide the secret behind it. */}
      <CreateEndpoint onCreated={layout === 'page' ? select : undefined} />
    </div>
  );

  return (
    <div className={`webhooks webhooks-${layout}${selected ? ' has-selection' : ''}`}>
      <div className="webhooks-list-col">{list}</div>
      <div className="webhooks-detail-col">
        {selected ? (
          <Deliveries key={selected.endpointId} endpoint={selected} onBack={layout === 'dock' || phone ? () => select(null) : undefined} />
        ) : (
          <EmptyState title="Select an endpoint to see its deliveries" />
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this endpoint?"
          message={`${confirming.url} will stop receiving events. Its deliveries can no longer be redelivered.`}
          confirmLabel="Delete endpoint"
          danger
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

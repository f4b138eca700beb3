import { EVENT_LABEL } from './event-labels';
import { useRef, useState } from 'react';
import { ApiProblem } from '../api/http';
import { useRedeliver, type Delivery } from '../api/webhooks';
import { fullTime } from '../ui/format';
import { toast } from '../ui/toast';

/** crypto.randomUUID exists only in secure contexts; a plain-http LAN address gets an equivalent v4 UUID. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Spec 4.4 redeliver. One idempotency key per click; the key is kept when the request failed on the
 * network (status 0 — it may have reached the server), so "Retry" can never send twice. A ref guards
 * against a double-click landing before the disabled state renders.
 */
export function RedeliverButton({ delivery, onRedelivered }: { delivery: Delivery; onRedelivered(d: Delivery): void }) {
  const redeliver = useRedeliver();
  const inFlight = useRef(false);
  const pendingKey = useRef<string | null>(null);
  const [lostOnNetwork, setLostOnNetwork] = useState(false);
  const eligible = delivery.status === 'delivered' || delivery.status === 'exhausted';

  const click = () => {
    if (inFlight.current || !eligible) return;
    inFlight.current = true;
    const idempotencyKey = (pendingKey.current ??= newIdempotencyKey());
    redeliver.mutate(
      { endpointId: delivery.endpointId, deliveryId: delivery.deliveryId, idempotencyKey },
      {
        onSuccess: ({ delivery: created, replayed }) => {
          pendingKey.current = null;
          setLostOnNetwork(false);
          onRedelivered(created);
          toast.success(replayed ? 'Already redelivered — showing that redelivery.' : 'Redelivery queued.');
        },
        onError: (err) => {
          const network = err instanceof ApiProblem && err.status === 0;
          if (!network) pendingKey.current = null; // a definite answer: the next click is a new request
          setLostOnNetwork(network);
          toast.error(network ? 'Connection lost. Retry is safe: it cannot send twice.' : `Not redelivered: ${err.message}`);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  if (!eligible)
    return (
      <span className="muted" title="Pending deliveries are still being attempted">
        —
      </span>
    );
  return (
    <button
      type="button"
      className="btn btn-sm"
      onClick={click}
      disabled={redeliver.isPending}
      aria-busy={redeliver.isPending}
      aria-label={`${lostOnNetwork ? 'Retry redelivering' : 'Redeliver'} “${EVENT_LABEL[delivery.eventType]}” delivery from ${fullTime(delivery.createdAt)}`}
      data-delivery-id={delivery.deliveryId}
    >
      {redeliver.isPending ? 'Sending…' : lostOnNetwork ? 'Retry' : 'Redeliver'}
    </button>
  );
}

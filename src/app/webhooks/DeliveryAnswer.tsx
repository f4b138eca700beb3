import { attemptFailureWords } from '../../domain/webhook-failures';
import type { Delivery } from '../api/webhooks';

/**
 * The last answer of a delivery in the list, in words: the status for an accepted one, "The receiver
 * answered 500" for a refusal. When no answer came the list does not carry the reason (contract 6), so
 * "No answer" opens the delivery, whose attempts say why.
 */
export function DeliveryAnswer({ delivery: d, onOpen }: { delivery: Delivery; onOpen(): void }) {
  if (d.lastResponseStatus !== null) {
    const failure = attemptFailureWords({ status: d.lastResponseStatus, error: null });
    return failure ? <span className="delivery-failure">{failure}</span> : <span>{d.lastResponseStatus}</span>;
  }
  if (d.attempts === 0) return <span className="muted">—</span>;
  return (
    <button type="button" className="delivery-open delivery-failure" onClick={onOpen} aria-label="No answer: open the delivery to see why">
      No answer
    </button>
  );
}

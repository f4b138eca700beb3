import type { DeliveryStatus, DisabledReason } from '../../domain/contract/webhooks';

/** Users' words for the webhook states (one place for the list, the badges and the filters). */
export const DELIVERY_STATUS_LABEL: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  exhausted: 'Failed',
  held: 'Held',
};
export const DELIVERY_STATUS_BADGE: Record<DeliveryStatus, string> = {
  pending: 'badge-warning',
  delivered: 'badge-success',
  exhausted: 'badge-error',
  held: 'badge-accent',
};
export const DISABLED_REASON_LABEL: Record<DisabledReason, string> = {
  manual: 'turned off by hand',
  gone: 'the receiver said it is gone (HTTP 410)',
  failing: 'every attempt failed for days',
};
/** A short id for tables; the full one goes in a title and a copy button. */
export const shortId = (id: string) => id.slice(0, 8);

/**
 * Why a webhook attempt failed, in users' words. The sender (server/webhooks/sender.ts) stores the
 * attempt's answer status, or, when no answer came, a short technical reason; this is the one map
 * from either to a sentence, read by the deliveries list, the delivery drawer and any other surface.
 */
export type AttemptFailureKind =
  | 'not_found'
  | 'refused'
  | 'timeout'
  | 'reset'
  | 'certificate'
  | 'private'
  | 'scheme'
  | 'interrupted'
  | 'endpoint_deleted'
  | 'answered'
  | 'unknown';

export interface AttemptOutcome {
  /** The receiver's HTTP status, or null when no answer came. */
  status: number | null;
  /** The stored reason (contract 8.3 attempt `error`), or null. */
  error: string | null;
}

// Stored reason → kind, first match wins; node's network error codes are the ones the sender passes on.
const REASON_PATTERNS: [AttemptFailureKind, RegExp][] = [
  ['endpoint_deleted', /^endpoint deleted/i],
  ['interrupted', /^interrupted/i],
  ['private', /^refused: destination/i],
  ['scheme', /scheme is not http/i],
  ['timeout', /timed out|ETIMEDOUT|ESOCKETTIMEDOUT/i],
  ['not_found', /ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL/],
  ['refused', /ECONNREFUSED/],
  ['reset', /ECONNRESET|EPIPE|socket hang up|EHOSTUNREACH|ENETUNREACH/i],
  ['certificate', /CERT|SSL|TLS|self[- ]signed/i],
];

/** The kind of a failed attempt, or null when the receiver accepted it (2xx). */
export function attemptFailureKind({ status, error }: AttemptOutcome): AttemptFailureKind | null {
  if (status !== null) return status >= 200 && status < 300 ? null : 'answered';
  if (!error) return 'unknown';
  return REASON_PATTERNS.find(([, pattern]) => pattern.test(error))?.[0] ?? 'unknown';
}

const DEFAULT_TIMEOUT_SECONDS = 10;
/** "timed out after 0.6 s" → 0.6; contract 6's 10 s when the reason does not say. */
const timeoutSeconds = (error: string | null): number => {
  const seconds = Number(/after ([\d.]+) ?s\b/.exec(error ?? '')?.[1]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS;
};

const FAILURE_WORDS: Record<AttemptFailureKind, (o: AttemptOutcome) => string> = {
  not_found: () => 'The address could not be found',
  refused: () => 'The connection was refused',
  timeout: (o) => `No answer within ${timeoutSeconds(o.error)} seconds`,
  reset: () => 'The connection was cut before an answer came',
  certificate: () => 'The receiver’s security certificate was not accepted',
  private: () => 'The address is on a private network, which this server may not call',
  scheme: () => 'The address does not start with http:// or https://',
  interrupted: () => 'Cut short: the server shut down during the attempt',
  endpoint_deleted: () => 'The endpoint was deleted',
  answered: (o) => `The receiver answered ${o.status}`,
  unknown: () => 'The request could not be sent',
};

/** A failed attempt in words ("The connection was refused"), or null when the receiver accepted it. */
export function attemptFailureWords(outcome: AttemptOutcome): string | null {
  const kind = attemptFailureKind(outcome);
  return kind && FAILURE_WORDS[kind](outcome);
}

import type { Queryable } from '../db/types';
import type { ExecutorAnswer, OfferedAction } from './executor';
import { sendWebhook } from '../webhooks/sender';
import { prospectOf, type HttpOptions } from './http';

/**
 * Contract 9.3 webhook / http_request steps: the engine itself calls the step's URL (POST the
 * prospect as JSON for webhook; the step's method for http_request) through the webhooks' sender,
 * so the SSRF rules of contract 6 and WEBHOOK_TIMEOUT_MS apply. 2xx = done; anything else is retried
 * on the webhook schedule with the same actionId (webhook-id), then the enrollment fails.
 */

export async function callStepUrl(db: Queryable, action: OfferedAction, options: HttpOptions): Promise<ExecutorAnswer> {
  const { url, method } = action.payload.data as { url?: unknown; method?: unknown };
  if (typeof url !== 'string' || url.trim() === '') return { status: 'failed', error: 'This step has no URL to call.' };
  const prospect = await prospectOf(db, action);
  const outcome = await sendWebhook({
    url,
    secret: null,
    eventId: action.actionId,
    method: typeof method === 'string' && method !== '' ? method : 'POST',
    body: JSON.stringify(prospect),
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs,
  });
  if (outcome.ok) return { status: 'done', result: {} };
  if (outcome.error?.startsWith('URL scheme')) return { status: 'failed', error: 'The step’s URL is not an http(s) URL.' };
  return { status: 'retry', error: outcome.error ?? `The URL answered HTTP ${outcome.status}.`, delaysMs: options.retryDelaysMs };
}

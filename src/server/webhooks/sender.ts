import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, RESPONSE_EXCERPT_BYTES } from '../../domain/contract/webhooks';
import { BlockedDestinationError, guardedLookup, isPrivateAddress, urlHost } from './ssrf';

export interface SendInput {
  url: string;
  /** whsec_…; null for the run engine's own calls (contract 9.3 webhook / http_request steps), sent unsigned. */
  secret: string | null;
  /** POST unless said (an http_request step's method); GET and HEAD carry no body. */
  method?: string;
  /** The secret before a rotation, during its grace period: signs a second signature (contract 8.3). */
  previousSecret?: string | null;
  /** webhook-id: the event id, the same on every attempt and redelivery. */
  eventId: string;
  /** The frozen event body, sent byte-identical. */
  body: string;
  allowPrivate: boolean;
  /** Contract 8.3: the attempt's time limit (WEBHOOK_TIMEOUT_MS), answer body included. */
  timeoutMs?: number;
  /** Aborts the attempt early (server shutdown). */
  signal?: AbortSignal;
}

export interface SendOutcome {
  ok: boolean;
  /** HTTP status, or null when no response came (refused, timeout, network error). */
  status: number | null;
  error: string | null;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body (what arrived in time). */
  excerpt: string;
  /** Retry-After of a 429/503 answer, in milliseconds (seconds or an HTTP date). */
  retryAfterMs: number | null;
  durationMs: number;
  /** Cut short by `signal` (shutdown), not by the receiver. */
  interrupted: boolean;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Standard Webhooks signature(s): the current secret's, then the previous one's during a rotation grace. */
export function signatures(input: Pick<SendInput, 'previousSecret' | 'eventId' | 'body'> & { secret: string }, sentAt: Date): string {
  const sign = (secret: string) => new Webhook(secret).sign(input.eventId, sentAt, input.body);
  return input.previousSecret ? `${sign(input.secret)} ${sign(input.previousSecret)}` : sign(input.secret);
}

/**
 * One Standard Webhooks POST (webhook-id, webhook-timestamp, webhook-signature). Never throws:
 * every failure is an outcome. node:http rather than fetch so the SSRF guard sees the address
 * actually connected to (its `lookup` hook), and IP literals are checked before connecting.
 */
export async function sendWebhook(input: SendInput): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, 'durationMs' | 'interrupted'>): SendOutcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
    interrupted: input.signal?.aborted === true,
  });
  try {
    const url = new URL(input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return done({ ok: false, status: null, error: 'URL scheme is not http(s)', excerpt: '', retryAfterMs: null });
    const host = urlHost(url);
    if (!input.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new BlockedDestinationError(host);
    const sentAt = new Date();
    const method = (input.method ?? 'POST').toUpperCase();
    const payload = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(input.body, 'utf8');
    const res = await post(
      url,
      payload,
      {
        ...(payload.length > 0 ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        'user-agent': 'CampaignStudio-Webhooks/1',
        'webhook-id': input.eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        ...(input.secret !== null ? { 'webhook-signature': signatures({ ...input, secret: input.secret }, sentAt) } : {}),
      },
      input,
    );
    const ok = res.status >= 200 && res.status < 300;
    const retryAfterMs = res.status === 429 || res.status === 503 ? parseRetryAfter(res.retryAfter) : null;
    return done({ ok, status: res.status, error: ok ? null : `HTTP ${res.status}`, excerpt: res.excerpt, retryAfterMs });
  } catch (err) {
    const name = (err as Error)?.name;
    const message =
      err instanceof BlockedDestinationError
        ? `refused: ${err.message}`
        : input.signal?.aborted
          ? 'interrupted: the server shut down during the attempt'
          : name === 'TimeoutError' || name === 'AbortError'
            ? `timed out after ${(input.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS) / 1000} s`
            : `network error: ${(err as Error)?.message ?? String(err)}`;
    return done({ ok: false, status: null, error: message.slice(0, 500), excerpt: '', retryAfterMs: null });
  }
}

interface Answer {
  status: number;
  excerpt: string;
  retryAfter: string | undefined;
}

/**
 * POST and read the answer: its status, Retry-After and the first RESPONSE_EXCERPT_BYTES of its body.
 * The whole exchange (connect, answer, body) is bounded by the timeout: a body that trickles or
 * never ends is cut there, and the status that did arrive counts.
 */
function post(url: URL, payload: Buffer, headers: Record<string, string>, input: SendInput): Promise<Answer> {
  const timeout = AbortSignal.timeout(input.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([timeout, input.signal]) : timeout;
  return new Promise<Answer>((resolve, reject) => {
    // Once the status line arrived, a timeout while the body trickles ends the read: the status counts.
    let answered: (() => void) | null = null;
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method: (input.method ?? 'POST').toUpperCase(), headers, signal, lookup: guardedLookup(input.allowPrivate), agent: false },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let seen = 0;
        const finish = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES);
          resolve({
            status: res.statusCode ?? 0,
            excerpt: excerpt
              .toString('utf8')
              .replace(/\uFFFD+$/, '')
              // eslint-disable-next-line no-control-regex -- a receiver's U+0000 cannot be stored as text
              .replace(/\u0000/g, ''),
            retryAfter: res.headers['retry-after'],
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (seen < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          seen += chunk.length;
          // Enough to show: stop reading and release the socket.
          if (seen >= RESPONSE_EXCERPT_BYTES) {
            finish();
            res.destroy();
          }
        });
        answered = finish;
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('error', (err) => (answered ? answered() : reject(err)));
    req.end(payload);
  });
}

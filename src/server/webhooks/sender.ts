import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { BlockedDestinationError, guardedLookup, isPrivateAddress, urlHost } from './ssrf';

/** Contract 6: each attempt times out after 10 s. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface SendInput {
  url: string;
  /** whsec_… */
  secret: string;
  /** webhook-id: the event id, the same on every attempt and redelivery. */
  eventId: string;
  /** The frozen event body, sent byte-identical. */
  body: string;
  allowPrivate: boolean;
}

export interface SendOutcome {
  ok: boolean;
  /** HTTP status, or null when no response came (refused, timeout, network error). */
  status: number | null;
  error: string | null;
}

/**
 * One Standard Webhooks POST (webhook-id, webhook-timestamp, webhook-signature). Never throws:
 * every failure is an outcome. node:http rather than fetch so the SSRF guard sees the address
 * actually connected to (its `lookup` hook), and IP literals are checked before connecting.
 */
export async function sendWebhook(input: SendInput): Promise<SendOutcome> {
  try {
    const url = new URL(input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, status: null, error: 'URL scheme is not http(s)' };
    const host = urlHost(url);
    if (!input.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new BlockedDestinationError(host);
    const sentAt = new Date();
    const signature = new Webhook(input.secret).sign(input.eventId, sentAt, input.body);
    const payload = Buffer.from(input.body, 'utf8');
    const status = await post(
      url,
      payload,
      {
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': 'CampaignStudio-Webhooks/1',
        'webhook-id': input.eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      input.allowPrivate,
    );
    const ok = status >= 200 && status < 300;
    return { ok, status, error: ok ? null : `HTTP ${status}` };
  } catch (err) {
    const message =
      err instanceof BlockedDestinationError
        ? `refused: ${err.message}`
        : (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError'
          ? `timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s`
          : `network error: ${(err as Error)?.message ?? String(err)}`;
    return { ok: false, status: null, error: message.slice(0, 500) };
  }
}

function post(url: URL, payload: Buffer, headers: Record<string, string>, allowPrivate: boolean): Promise<number> {
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  return new Promise<number>((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method: 'POST', headers, signal, lookup: guardedLookup(allowPrivate), agent: false },
      (res: IncomingMessage) => {
        // The status is what counts; drain (and cap) the body so the socket is released.
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 64 * 1024) res.destroy();
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { perKeyLimit } from './key-limit';
import type { AppEnv } from './auth';
import { ApiError, problemResponse } from './errors';

/**
 * Request bodies (contract 8.4): at most 1 MiB, 8 MiB on the routes that take large ones. A larger body is refused
 * (413) by its Content-Length before any of it is read, or, sent without one, as soon as the bytes
 * counted so far pass the limit. One key has at most LARGE_REQUESTS_PER_KEY large bodies in progress
 * at once (more is 429 rate_limited), so it cannot queue MiBs of parsing on the event loop.
 */

export const MAX_BODY_BYTES = 1024 * 1024;
// Contract 9.1 and 10.3: an import of 10,000 prospects or do-not-contact entries (and its tool twin) is a few MiB of JSON; 10 MB bodies stay refused.
export const MAX_LARGE_BODY_BYTES = 8 * 1024 * 1024;
const LARGE_BODY_PATHS = new Set(['/api/v1/prospects/import', '/api/v1/exclusions/import', '/mcp']);

/** Requests of one API key with a body over MAX_BODY_BYTES (or of unannounced length on a large-body route) in progress at once. */
export const LARGE_REQUESTS_PER_KEY = 2;
/** What a refused large request is told to wait before trying again (Retry-After). */
const LARGE_REQUEST_RETRY_AFTER_S = 1;

/** A byte count in MiB as the answers and the API reference write it. */
export const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;

/** A body over MAX_BODY_BYTES by its Content-Length, or one sent without a length where large bodies are taken. */
function isLarge(c: Context): boolean {
  if (!LARGE_BODY_PATHS.has(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  const length = c.req.header('Content-Length');
  return length === undefined ? c.req.header('Transfer-Encoding') !== undefined : Number(length) > MAX_BODY_BYTES;
}

/**
 * The two body middlewares: `limitSize` (before authentication) answers 413 payload_too_large past
 * the route's limit and reads no further (the connection closes); `admitLarge` (after it) answers
 * 429 rate_limited with Retry-After to a key's large request beyond its share.
 */
export function bodyLimits(perKey = LARGE_REQUESTS_PER_KEY): { limitSize: MiddlewareHandler; admitLarge: MiddlewareHandler<AppEnv> } {
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read: close the connection so a keep-alive client does not reuse a socket the server drops.
        c.header('Connection', 'close');
        return problemResponse(c, new ApiError(413, 'payload_too_large', `The request body is larger than ${mib(maxSize)}.`));
      },
    });
  const usual = limitOf(MAX_BODY_BYTES);
  const large = limitOf(MAX_LARGE_BODY_BYTES);
  // Judged by the headers as sent: a body read without a length is handed on with other headers.
  const largeRequests = new WeakSet<Context>();
  const inProgress = perKeyLimit(perKey, 0);
  return {
    limitSize: (c, next) => {
      if (isLarge(c)) largeRequests.add(c);
      return LARGE_BODY_PATHS.has(c.req.path) ? large(c, next) : usual(c, next);
    },
    admitLarge: async (c, next) => {
      if (!largeRequests.has(c)) return next();
      const release = await inProgress.acquire(c.get('caller').keyId);
      if (!release) {
        c.header('Retry-After', String(LARGE_REQUEST_RETRY_AFTER_S));
        return problemResponse(
          c,
          new ApiError(
            429,
            'rate_limited',
            `This API key already has ${perKey} requests with bodies over ${mib(MAX_BODY_BYTES)} in progress: send the next one once one of them has answered.`,
          ),
        );
      }
      try {
        await next();
      } finally {
        release();
      }
    },
  };
}

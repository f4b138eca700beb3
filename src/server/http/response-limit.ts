import type { MiddlewareHandler } from 'hono';
import { ApiError, problemResponse } from './errors';

/**
 * Every answer of /api and /mcp is at most MAX_RESPONSE_BYTES: past it the client gets 422
 * response_too_large (REST) or that tool error (MCP, counted over a whole JSON-RPC batch) instead of
 * a body the server would have to hold and send. Pages, the summary view and the simulation budget
 * keep real answers far below it.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export const responseTooLarge = (bytes: number) =>
  new ApiError(
    422,
    'response_too_large',
    `The answer would be ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB limit: ask for less (a smaller page, the summary view).`,
  );

/** Middleware: a JSON answer over the limit is replaced by 422 response_too_large. Streams (text/event-stream) pass untouched. */
export function limitResponseSize(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!/json/.test(c.res.headers.get('Content-Type') ?? '') || c.res.body === null) return;
    const body = await c.res.arrayBuffer();
    c.res = body.byteLength > MAX_RESPONSE_BYTES ? problemResponse(c, responseTooLarge(body.byteLength)) : new Response(body, c.res);
  };
}

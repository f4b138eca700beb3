import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
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

/**
 * Middleware: a JSON answer (`c.json`) over the limit is replaced by 422 response_too_large. The answer
 * is measured as the text it is written as, so a big one is never rebuilt as a body and read back on the
 * event loop. /mcp answers are bounded by their own budget (mcp/server.ts) instead.
 */
export function limitResponseSize(): MiddlewareHandler {
  return async (c, next) => {
    // The status and headers (or one init object) go on as `c.json` takes them.
    c.json = ((object: unknown, ...rest: [ContentfulStatusCode?, Record<string, string>?]) => {
      const text = JSON.stringify(object);
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_RESPONSE_BYTES) return problemResponse(c, responseTooLarge(bytes));
      c.header('Content-Type', 'application/json');
      return c.newResponse(text, ...rest);
    }) as typeof c.json;
    await next();
  };
}

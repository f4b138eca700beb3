import type { MiddlewareHandler } from 'hono';
import { ApiError, problemResponse } from './errors';

/**
 * Browser-grade HTTP hygiene: security headers on every answer and the `Origin` check of
 * the API and MCP endpoints (MCP's DNS-rebinding guidance).
 */

/**
 * The app's Content-Security-Policy. The built app is one module script and one stylesheet from this
 * origin: no inline script, no eval, no framing. Images (media previews, avatars) may come from any
 * http(s) host because inspirations point at the media of the posts they quote; the app loads them
 * lazily and without a referrer (README "Media"). `media-src` likewise for video previews.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https: http:",
  "media-src 'self' https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const isApiPath = (path: string) => path === '/mcp' || path.startsWith('/api/');

/** Headers on every answer; API and MCP answers (authenticated data) are never stored by caches. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let h = c.res.headers;
    try {
      h.set('X-Content-Type-Options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res); // a response with immutable headers: copy it
      h = c.res.headers;
    }
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY); // a page may narrow it
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'no-referrer');
    if (isApiPath(c.req.path)) h.set('Cache-Control', 'no-store');
  };
}

/** `ALLOWED_ORIGINS` (comma-separated origins such as `https://studio.example.com`), normalised. */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        const origin = new URL(s).origin;
        if (origin === 'null') throw new Error();
        return origin;
      } catch {
        throw new Error(`ALLOWED_ORIGINS must be comma-separated origins like https://studio.example.com, got "${s}"`);
      }
    });
}

/**
 * A request that says where it comes from (`Origin`) must come from this server's own origin or an
 * allowed one, else 403 origin_not_allowed: a page on another site (or a rebound DNS name) cannot
 * drive the API with a key it got hold of. Requests without `Origin` (curl, agents, servers) pass.
 */
export function originGuard(allowed: string[]): MiddlewareHandler {
  const allow = new Set(allowed);
  return async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin && !allow.has(origin))
      return problemResponse(
        c,
        new ApiError(
          403,
          'origin_not_allowed',
          'Requests from this web origin are not allowed. Open the app from this server’s own address, or ask the operator to add the origin to ALLOWED_ORIGINS.',
        ),
      );
    await next();
  };
}

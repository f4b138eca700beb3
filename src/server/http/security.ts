import type { IncomingMessage } from 'node:http';
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

/** Hosts that mean "every interface": the server then answers on the loopback names too. */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '']);
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The host names a page of this server itself can have, from the configured listen host (never from `Host`). */
export function ownHostnames(listenHost: string): ReadonlySet<string> {
  const host = listenHost.toLowerCase();
  if (ANY_INTERFACE.has(host)) return new Set(LOOPBACK_HOSTS);
  return new Set([host.includes(':') && !host.startsWith('[') ? `[${host}]` : host]);
}

/** The port the connection arrived on (the socket's, not a header a client could forge). */
function localPort(env: unknown): number | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.localPort;
}

/**
 * A request that says where it comes from (`Origin`) must come from this server's own address (the
 * listen host and the port it arrived on) or an allowed one, else 403 origin_not_allowed: a page on
 * another site — or on a name rebound to this machine's address (DNS rebinding), whose `Host` header
 * matches its `Origin` — cannot drive the API with a key it got hold of. Requests without `Origin`
 * (curl, agents, servers) pass.
 */
export function originGuard(allowed: string[], listenHost: string): MiddlewareHandler {
  const allow = new Set(allowed);
  const hostnames = ownHostnames(listenHost);
  const isOwn = (origin: string, port: number | undefined): boolean => {
    if (port === undefined || !URL.canParse(origin)) return false;
    const url = new URL(origin);
    return url.protocol === 'http:' && hostnames.has(url.hostname) && Number(url.port || 80) === port;
  };
  return async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && !allow.has(origin) && !isOwn(origin, localPort(c.env)))
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

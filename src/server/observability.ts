import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './http/auth';
import { isLoopbackHost } from './config';
import type { RouteModule } from './route-module';
import { withLogBindings } from './observe/log';
import { metricsRegistry, observeHttpRequest, readDatabaseGauges } from './observe/metrics';

/** A request id a client or proxy sent is kept when it is short and plain; otherwise the server makes one. */
const CLIENT_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * The route pattern that answered (`/api/v1/campaigns/:id`), never the raw path, so the metric's
 * label set stays bounded; a request no route took is `unmatched`.
 */
function routeLabel(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route || (route.method === 'ALL' && route.path.endsWith('*') && c.res.status === 404)) return 'unmatched';
  return route.path;
}

/**
 * Outermost middleware: every request gets an id (the client's `X-Request-Id` when usable), echoed
 * in `X-Request-Id`; every log line written while it is served carries it (`log()` in
 * observe/log.ts); its duration goes to the per-route histogram.
 */
export function observeRequests(): MiddlewareHandler {
  return async (c, next) => {
    const sent = c.req.header('X-Request-Id');
    const reqId = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
    const started = performance.now();
    await withLogBindings({ reqId }, async (logger) => {
      await next();
      const route = routeLabel(c);
      const ms = performance.now() - started;
      observeHttpRequest(c.req.method, route, c.res.status, ms / 1000);
      logger.debug({ method: c.req.method, route, status: c.res.status, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    c.res.headers.set('X-Request-Id', reqId);
  };
}

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Contract 10.5 `GET /metrics` (Prometheus text): open on a loopback `HOST`; elsewhere only with the
 * `METRICS_TOKEN` bearer. Anyone else gets a 404, as if there were no such page.
 */
export const metricsRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  app.get('/metrics', async (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const allowed =
      isLoopbackHost(config.host) || (config.metricsToken !== undefined && bearer !== undefined && sameToken(bearer, config.metricsToken));
    if (!allowed) return c.text('Not found', 404);
    await readDatabaseGauges(db);
    return c.body(await metricsRegistry.metrics(), 200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
  });
  return app;
};

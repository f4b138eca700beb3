import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { ServerContext } from './context';
import { AUTH_FAILURE_WINDOW_MS, requireCaller, type AppEnv } from './http/auth';
import { sharedFailureCounter } from './http/shared-failures';
import { mcpModule } from './mcp';
import { ApiError, internalError, problemResponse } from './http/errors';
import { log } from './observe/log';
import { metricsRoutes, observeRequests } from './observability';
import type { RouteModule } from './route-module';
import { refuseUnstorableUrl } from './http/input';
import { bodyLimits } from './http/body-limit';
import { limitResponseSize } from './http/response-limit';
import { originGuard, securityHeaders } from './http/security';
import { workspaceRoutes } from './workspaces/routes';
import { conversationRoutes } from './conversations/routes';
import { inspirationRoutes } from './inspiration/routes';
import { webhookRoutes } from './webhooks/routes';
import { webhookSinkRoutes } from './webhooks/sink';
import { openApiRoutes } from './openapi/routes';
import { campaignRoutes } from './campaigns/routes';
import { audienceRoutes } from './audience/routes';
import { exclusionRoutes } from './audience/exclusion-routes';
import { revisionRoutes } from './revisions/routes';
import { runViewRoutes } from './run-view/routes';
import { resultsRoutes } from './run-view/results-routes';
import { executorRoutes } from './executors/routes';
import { runInputRoutes } from './runs/routes';
import { refuseBadClientId } from './http/change-origin';

const APP_DIR = 'dist/app';

// Each resource module adds itself here (one line).
const MODULES: RouteModule[] = [
  workspaceRoutes,
  campaignRoutes,
  audienceRoutes,
  exclusionRoutes,
  runViewRoutes,
  resultsRoutes,
  revisionRoutes,
  conversationRoutes,
  inspirationRoutes,
  webhookRoutes,
  executorRoutes,
  runInputRoutes,
  webhookSinkRoutes,
  openApiRoutes,
  metricsRoutes,
  mcpModule,
];

export function createApp(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', observeRequests()); // outermost: the request id and the duration cover everything below
  app.use('*', securityHeaders());
  app.get('/healthz', (c) => c.json({ ok: true }));
  const bodies = bodyLimits();
  const api = [
    originGuard(ctx.config.allowedOrigins, ctx.config.host),
    bodies.limitSize,
    requireCaller(
      ctx.db,
      ctx.config.authFailuresPerMinute,
      sharedFailureCounter(ctx.db, ctx.config.authFailuresPerMinute, AUTH_FAILURE_WINDOW_MS),
    ),
    bodies.admitLarge,
    refuseBadClientId(),
  ];
  app.use('/api/*', ...api, refuseUnstorableUrl(), limitResponseSize());
  app.use('/mcp', ...api); // its tool results share MAX_RESPONSE_BYTES (mcp/server.ts)
  for (const module of MODULES) app.route('/', module(ctx));

  app.notFound((c) =>
    c.req.path.startsWith('/api/') || c.req.path === '/mcp'
      ? problemResponse(c, new ApiError(404, 'not_found', `No route ${c.req.method} ${c.req.path}.`))
      : serveAppShell(c.req.path),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) return problemResponse(c, err);
    log().error({ err }, 'unexpected error');
    return internalError(c);
  });

  app.use('/*', serveStatic({ root: APP_DIR }));
  return app;
}

/** Single-page app: unknown non-API paths get index.html so client routes survive reloads. */
async function serveAppShell(path: string): Promise<Response> {
  const index = `${APP_DIR}/index.html`;
  if (!existsSync(index))
    return new Response('The web app is not built yet: run `npm run build` (npm start does it for you).', { status: 503 });
  if (/\.[a-z0-9]+$/i.test(path)) return new Response('Not found', { status: 404 });
  return new Response(await readFile(index), { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from './context';
import { AUTH_FAILURE_WINDOW_MS, requireCaller, type AppEnv } from './http/auth';
import { sharedFailureCounter } from './http/shared-failures';
import { mcpModule } from './mcp';
import { ApiError, internalError, problemResponse } from './http/errors';
import type { RouteModule } from './http/route-module';
import { refuseUnstorableUrl } from './http/input';
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
import { runViewRoutes } from './run-view/routes';
import { executorRoutes } from './executors/routes';
import { refuseBadClientId } from './http/change-origin';

const MAX_BODY_BYTES = 1024 * 1024;
// Contract 9.1: an import of 10,000 prospects (and its tool twin) is a few MiB of JSON; 10 MB bodies stay refused.
const MAX_IMPORT_BODY_BYTES = 8 * 1024 * 1024;
const LARGE_BODY_PATHS = new Set(['/api/v1/prospects/import', '/mcp']);
const APP_DIR = 'dist/app';

// Each resource module adds itself here (one line).
const MODULES: RouteModule[] = [
  workspaceRoutes,
  campaignRoutes,
  audienceRoutes,
  runViewRoutes,
  conversationRoutes,
  inspirationRoutes,
  webhookRoutes,
  executorRoutes,
  webhookSinkRoutes,
  openApiRoutes,
  mcpModule,
];

export function createApp(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read: close the connection so a keep-alive client does not reuse a socket the server drops.
        c.header('Connection', 'close');
        return problemResponse(c, new ApiError(413, 'payload_too_large', `The request body is larger than ${maxSize / 1024 / 1024} MiB.`));
      },
    });
  const usual = limitOf(MAX_BODY_BYTES);
  const large = limitOf(MAX_IMPORT_BODY_BYTES);
  const tooLarge: MiddlewareHandler = (c, next) => (LARGE_BODY_PATHS.has(c.req.path) ? large(c, next) : usual(c, next));

  app.use('*', securityHeaders());
  app.get('/healthz', (c) => c.json({ ok: true }));
  const api = [
    originGuard(ctx.config.allowedOrigins, ctx.config.host),
    tooLarge,
    requireCaller(
      ctx.db,
      ctx.config.authFailuresPerMinute,
      sharedFailureCounter(ctx.db, ctx.config.authFailuresPerMinute, AUTH_FAILURE_WINDOW_MS),
    ),
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
  app.onError((err, c) => (err instanceof ApiError ? problemResponse(c, err) : internalError(c, err)));

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

import { Hono } from 'hono';
import { workspaceListSchema } from '../../domain/contract/workspaces';
import type { RouteModule } from '../route-module';
import { audienceDocs } from '../audience/docs';
import { exclusionDocs } from '../audience/exclusion-docs';
import { campaignDocs } from '../campaigns/docs';
import { conversationDocs } from '../conversations/docs';
import { executorDocs } from '../executors/docs';
import type { AppEnv } from '../http/auth';
import { inspirationDocs } from '../inspiration/docs';
import { revisionDocs } from '../revisions/docs';
import { runViewDocs } from '../run-view/docs';
import { resultsDocs } from '../run-view/results-docs';
import { runInputDocs } from '../runs/docs';
import { webhookDocs } from '../webhooks/docs';
import { buildOpenApi } from './build';
import { renderReference, REFERENCE_CSP } from './reference';
import type { RouteDoc } from '../http/route-doc';

/** Every REST route of the server (contract 7: GET /api/openapi.json documents them all). */
export const REST_ROUTES: RouteDoc[] = [
  ...campaignDocs,
  ...audienceDocs,
  ...exclusionDocs,
  ...runViewDocs,
  ...resultsDocs,
  ...revisionDocs,
  ...conversationDocs,
  ...inspirationDocs,
  ...webhookDocs,
  ...executorDocs,
  ...runInputDocs,
  {
    method: 'get',
    path: '/api/workspaces',
    tag: 'Meta',
    summary: 'The workspaces the API key grants (for the workspace switcher)',
    responses: {
      200: {
        description: 'All of them',
        schema: workspaceListSchema,
      },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    summary: 'This OpenAPI 3.1 document',
    responses: { 200: { description: 'OpenAPI 3.1 JSON', schema: null } },
    errors: [],
  },
];

/** GET /api/openapi.json (keyed like all /api routes) and a plain-HTML reference at /docs/api (no CDN, no key: it holds no data). */
export const openApiRoutes: RouteModule = () => {
  const app = new Hono<AppEnv>();
  let document: Record<string, unknown> | undefined;
  const spec = () => (document ??= buildOpenApi(REST_ROUTES));
  app.get('/api/openapi.json', (c) => c.json(spec()));
  app.get('/docs/api', (c) => c.html(renderReference(spec()), 200, { 'Content-Security-Policy': REFERENCE_CSP }));
  return app;
};

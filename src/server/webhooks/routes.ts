import { Hono } from 'hono';
import type { RouteModule } from '../http/route-module';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { invalidRequest, notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey } from '../http/pagination';
import { createEndpoint, deleteEndpoint, getEndpoint, listDeliveries, listEndpoints } from './queries';
import { redeliver } from './redeliver';
import { createEndpointBody, listDeliveriesQuery, listEndpointsQuery, redeliverBody, workspaceQuery } from './schemas';
import { checkDestination } from './ssrf';

const BASE = '/api/v1/webhook-endpoints';

/** Webhook endpoints, their deliveries and redelivery (spec 4.4, contract 4 and 6). */
export const webhookRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();

  app.post(BASE, async (c) => {
    const body = await readBody(c, createEndpointBody, 'webhook endpoint');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? queryOf(c).workspaceId);
    const refused = await checkDestination(body.url, config.webhookAllowPrivate);
    if (refused) throw invalidRequest('The endpoint URL is not allowed.', [{ path: 'url', message: refused }]);
    return c.json(await createEndpoint(db, workspace.id, body.url, body.eventTypes), 201);
  });

  app.get(BASE, async (c) => {
    const q = parseOrThrow(listEndpointsQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const codec = cursorCodec(db, 'webhook-endpoints', { workspaceId: workspace.id }, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listEndpoints(db, workspace.id, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.createdAt, r.endpointId]));
  });

  app.get(`${BASE}/:endpointId`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const workspace = resolveWorkspace(c.get('caller'), parseOrThrow(workspaceQuery, queryOf(c), 'query').workspaceId);
    const endpoint = await getEndpoint(db, workspace.id, endpointId);
    if (!endpoint) throw notFound('Webhook endpoint');
    return c.json(endpoint);
  });

  app.delete(`${BASE}/:endpointId`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const workspace = resolveWorkspace(c.get('caller'), parseOrThrow(workspaceQuery, queryOf(c), 'query').workspaceId);
    if (!(await deleteEndpoint(db, workspace.id, endpointId))) throw notFound('Webhook endpoint');
    return c.body(null, 204);
  });

  app.get(`${BASE}/:endpointId/deliveries`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const q = parseOrThrow(listDeliveriesQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    if (!(await getEndpoint(db, workspace.id, endpointId))) throw notFound('Webhook endpoint');
    const status = q.status ?? null;
    const codec = cursorCodec(db, 'webhook-deliveries', { workspaceId: workspace.id, endpointId, status }, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listDeliveries(db, workspace.id, endpointId, status, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.createdAt, r.deliveryId]));
  });

  // Spec 4.4; workspaceId in the body or the query, both and different → 400 (contract 2).
  app.post(`${BASE}/:endpointId/deliveries/:deliveryId/redeliver`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const deliveryId = pathUuid(c.req.param('deliveryId'), 'deliveryId');
    const body = await readBody(c, redeliverBody, 'redeliver request');
    const fromQuery = queryOf(c).workspaceId;
    if (fromQuery !== undefined && body.workspaceId !== undefined && fromQuery !== body.workspaceId) {
      throw invalidRequest('workspaceId is given in both the body and the query, with different values.', [
        { path: 'workspaceId', message: 'differs from the query parameter workspaceId' },
      ]);
    }
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? fromQuery);
    const result = await redeliver(db, config, workspace.id, endpointId, deliveryId, body.idempotencyKey);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status);
  });

  return app;
};

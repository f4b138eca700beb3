import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { DEFAULT_GRACE_HOURS } from '../../domain/contract/webhooks';
import type { RouteModule } from '../route-module';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { invalidRequest, notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey } from '../http/pagination';
import { patchEndpoint, recover, sendTestEvent } from './operations';
import { createEndpoint, deleteEndpoint, getDeliveryDetail, getEndpoint, listDeliveries, listEndpoints, rotateSecret } from './queries';
import { redeliver } from './redeliver';
import {
  createEndpointBody,
  listDeliveriesQuery,
  listEndpointsQuery,
  patchEndpointBody,
  recoverBody,
  redeliverBody,
  rotateSecretBody,
  workspaceBody,
  workspaceQuery,
} from './schemas';
import { checkDestination } from './ssrf';

const BASE = '/api/v1/webhook-endpoints';

/** Contract 2: workspaceId in the body or the query; both and different → 400. */
function workspaceOf(c: Context<AppEnv>, fromBody: string | undefined) {
  const fromQuery = queryOf(c).workspaceId;
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
    throw invalidRequest('workspaceId is given in both the body and the query, with different values.', [
      { path: 'workspaceId', message: 'differs from the query parameter workspaceId' },
    ]);
  }
  return resolveWorkspace(c.get('caller'), fromBody ?? fromQuery);
}

/** Webhook endpoints, their deliveries, redelivery and operations (spec 4.4, contract 4, 6 and 8.3). */
export const webhookRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  const refuseDestination = async (url: string) => {
    const refused = await checkDestination(url, config.webhookAllowPrivate);
    if (refused) throw invalidRequest('The endpoint URL is not allowed.', [{ path: 'url', message: refused }]);
  };
  /** An empty body is allowed where every field is optional. */
  const optionalBody = async <S extends z.ZodType>(c: Context<AppEnv>, schema: S, what: string): Promise<z.infer<S>> =>
    (await c.req.text()).trim() ? readBody(c, schema, what) : parseOrThrow(schema, {}, what);

  app.post(BASE, async (c) => {
    const body = await readBody(c, createEndpointBody, 'webhook endpoint');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? queryOf(c).workspaceId);
    await refuseDestination(body.url);
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

  app.patch(`${BASE}/:endpointId`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const body = await readBody(c, patchEndpointBody, 'endpoint change');
    const workspace = workspaceOf(c, body.workspaceId);
    if (body.url !== undefined) await refuseDestination(body.url);
    return c.json(await patchEndpoint(db, workspace.id, endpointId, body));
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
    const filters = { status: q.status ?? null, eventType: q.eventType ?? null };
    const codec = cursorCodec(db, 'webhook-deliveries', { workspaceId: workspace.id, endpointId, ...filters }, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listDeliveries(db, workspace.id, endpointId, filters, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.createdAt, r.deliveryId]));
  });

  app.get(`${BASE}/:endpointId/deliveries/:deliveryId`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const deliveryId = pathUuid(c.req.param('deliveryId'), 'deliveryId');
    const workspace = resolveWorkspace(c.get('caller'), parseOrThrow(workspaceQuery, queryOf(c), 'query').workspaceId);
    if (!(await getEndpoint(db, workspace.id, endpointId))) throw notFound('Webhook endpoint');
    const detail = await getDeliveryDetail(db, workspace.id, endpointId, deliveryId);
    if (!detail) throw notFound('Delivery');
    return c.json(detail);
  });

  // Spec 4.4; workspaceId in the body or the query, both and different → 400 (contract 2).
  app.post(`${BASE}/:endpointId/deliveries/:deliveryId/redeliver`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const deliveryId = pathUuid(c.req.param('deliveryId'), 'deliveryId');
    const body = await readBody(c, redeliverBody, 'redeliver request');
    const workspace = workspaceOf(c, body.workspaceId);
    const result = await redeliver(db, config, workspace.id, endpointId, deliveryId, body.idempotencyKey);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status);
  });

  app.post(`${BASE}/:endpointId/recover`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const body = await readBody(c, recoverBody, 'recover request');
    const workspace = workspaceOf(c, body.workspaceId);
    const result = await recover(db, workspace.id, endpointId, body);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status);
  });

  app.post(`${BASE}/:endpointId/rotate-secret`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const body = await optionalBody(c, rotateSecretBody, 'rotate-secret request');
    const workspace = workspaceOf(c, body.workspaceId);
    if (!(await getEndpoint(db, workspace.id, endpointId))) throw notFound('Webhook endpoint');
    return c.json(await rotateSecret(db, endpointId, body.graceHours ?? DEFAULT_GRACE_HOURS));
  });

  app.post(`${BASE}/:endpointId/test`, async (c) => {
    const endpointId = pathUuid(c.req.param('endpointId'), 'endpointId');
    const body = await optionalBody(c, workspaceBody, 'test request');
    const workspace = workspaceOf(c, body.workspaceId);
    return c.json(await sendTestEvent(db, workspace.id, endpointId), 202);
  });

  return app;
};

import type { RouteDoc } from '../openapi/route-doc';
import {
  createEndpointBody,
  createdEndpointSchema,
  deliveryParams,
  deliveryPageSchema,
  deliverySchema,
  endpointPageSchema,
  endpointParams,
  endpointSchema,
  listDeliveriesQuery,
  listEndpointsQuery,
  redeliverBody,
  workspaceQuery,
} from './schemas';

const BASE = '/api/v1/webhook-endpoints';

export const webhookDocs: RouteDoc[] = [
  {
    method: 'post',
    path: BASE,
    tag: 'Webhooks',
    summary: 'Create a webhook endpoint',
    description: 'The signing secret (Standard Webhooks, whsec_…) is shown only in this answer.',
    body: createEndpointBody,
    responses: { 201: { description: 'Created', schema: createdEndpointSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: BASE,
    tag: 'Webhooks',
    summary: 'List webhook endpoints, newest first',
    query: listEndpointsQuery,
    responses: { 200: { description: 'One page', schema: endpointPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: `${BASE}/{endpointId}`,
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    params: endpointParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The endpoint', schema: endpointSchema } },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: `${BASE}/{endpointId}`,
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    params: endpointParams,
    query: workspaceQuery,
    responses: { 204: { description: 'Deleted; pending deliveries are not sent', schema: null } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: `${BASE}/{endpointId}/deliveries`,
    tag: 'Webhooks',
    summary: 'List deliveries of an endpoint, newest first',
    params: endpointParams,
    query: listDeliveriesQuery,
    responses: { 200: { description: 'One page', schema: deliveryPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: `${BASE}/{endpointId}/deliveries/{deliveryId}/redeliver`,
    tag: 'Webhooks',
    summary: 'Redeliver a webhook delivery (spec 4.4)',
    description:
      'Creates a new delivery of the same event (same webhook-id, byte-identical body, fresh signature) and sends it now. Only retained delivered/exhausted deliveries. workspaceId may be in the body or the query (both and different: 400). The same idempotencyKey for the same delivery replays the first answer with 200 and `Idempotent-Replayed: true`, sending nothing.',
    params: deliveryParams,
    query: workspaceQuery,
    body: redeliverBody,
    responses: {
      202: { description: 'The new delivery (after its first attempt)', schema: deliverySchema },
      200: {
        description: 'Replay of the first answer for this idempotency key',
        schema: deliverySchema,
        headers: { 'Idempotent-Replayed': 'true' },
      },
    },
    errors: [400, 404, 409, 422],
  },
];

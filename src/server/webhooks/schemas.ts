import { z } from 'zod';
import { DELIVERY_EVENT_TYPES, DELIVERY_STATUSES } from '../../domain/contract/webhooks';
import { cursorParam, limitParam } from '../http/pagination';

/** The REST query and path shapes of the webhook routes; bodies and answers are the domain's wire contract. */
export {
  createEndpointBody,
  createdEndpointSchema,
  deliveryDetailSchema,
  deliveryPageSchema,
  deliverySchema,
  endpointPageSchema,
  endpointSchema,
  patchEndpointBody,
  recoverBody,
  recoverResultSchema,
  redeliverBody,
  rotateSecretBody,
  rotatedSecretSchema,
  workspaceBody,
  type Delivery,
  type DeliveryDetail,
  type WebhookEndpoint as Endpoint,
} from '../../domain/contract/webhooks';

const workspaceIdParam = z.string().optional().describe('Workspace id or slug (contract 2).');
export const workspaceQuery = z.object({ workspaceId: workspaceIdParam });

export const endpointParams = z.object({ endpointId: z.guid() });
export const deliveryParams = z.object({ endpointId: z.guid(), deliveryId: z.guid() });

export const listDeliveriesQuery = z.object({
  workspaceId: workspaceIdParam,
  status: z.enum(DELIVERY_STATUSES).optional(),
  eventType: z.enum(DELIVERY_EVENT_TYPES).optional(),
  limit: limitParam,
  cursor: cursorParam,
});
export const listEndpointsQuery = z.object({ workspaceId: workspaceIdParam, limit: limitParam, cursor: cursorParam });

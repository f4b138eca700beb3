import { z } from 'zod';
import { EVENT_TYPES } from '../events';
import { cursorParam, limitParam } from '../http/pagination';

/** Webhook shapes (spec 4.4, contract 4 and 6); OpenAPI is generated from these. */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'exhausted'] as const;

const workspaceIdParam = z.string().optional().describe('Workspace id or slug (contract 2).');
export const workspaceQuery = z.object({ workspaceId: workspaceIdParam });

export const createEndpointBody = z.strictObject({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe('http(s) URL; private, loopback and link-local destinations are refused unless WEBHOOK_ALLOW_PRIVATE=1.'),
  eventTypes: z
    .array(z.enum(EVENT_TYPES))
    .max(EVENT_TYPES.length * 4)
    .describe('Event types to receive; empty = all.'),
  workspaceId: z.string().min(1).optional(),
});

const isoTime = z.iso.datetime().describe('UTC, milliseconds, Z');

export const endpointSchema = z.object({
  endpointId: z.guid(),
  url: z.string(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  createdAt: isoTime,
});
export type Endpoint = z.infer<typeof endpointSchema>;
/** The create answer: the only time the signing secret is shown. */
export const createdEndpointSchema = endpointSchema.extend({ secret: z.string().regex(/^whsec_/) });
export const endpointPageSchema = z.object({ items: z.array(endpointSchema), nextCursor: z.string().nullable() });

export const endpointParams = z.object({ endpointId: z.guid() });
export const deliveryParams = z.object({ endpointId: z.guid(), deliveryId: z.guid() });

export const listDeliveriesQuery = z.object({
  workspaceId: workspaceIdParam,
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: limitParam,
  cursor: cursorParam,
});
export const listEndpointsQuery = z.object({ workspaceId: workspaceIdParam, limit: limitParam, cursor: cursorParam });

/** Contract 4/6 delivery (`pending` while attempts remain). */
export const deliverySchema = z.object({
  deliveryId: z.guid(),
  redeliveryOf: z.guid().nullable(),
  endpointId: z.guid(),
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int().min(0),
  lastResponseStatus: z.int().nullable(),
  createdAt: isoTime,
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryPageSchema = z.object({ items: z.array(deliverySchema), nextCursor: z.string().nullable() });

/** Spec 4.4: idempotencyKey 8..200; workspaceId here or in the query (contract 2). */
export const redeliverBody = z.strictObject({
  idempotencyKey: z.string().min(8).max(200),
  workspaceId: z.string().min(1).optional(),
});

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { ERROR_CODES } from '../../domain/contract/errors';
import {
  createdEndpointSchema,
  deliveryDetailSchema,
  deliveryPageSchema,
  deliverySchema,
  endpointPageSchema,
  endpointSchema,
  recoverResultSchema,
  rotatedSecretSchema,
  type CreateEndpointInput,
  type Delivery,
  type DeliveryEventType,
  type DeliveryStatus,
  type PatchEndpointInput,
} from '../../domain/contract/webhooks';
import { useSession } from '../session';
import { apiCall, ApiProblem } from './http';

export {
  DELIVERY_EVENT_TYPES,
  DELIVERY_STATUSES,
  EVENT_TYPES,
  DEFAULT_GRACE_HOURS,
  type CreatedEndpoint,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryDetail,
  type DeliveryEventType,
  type DeliveryStatus,
  type EventType,
  type RecoverResult,
  type RotatedSecret,
  type WebhookEndpoint,
} from '../../domain/contract/webhooks';

const BASE = '/api/v1/webhook-endpoints';
export function useEndpoints() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['webhook-endpoints', workspaceId],
    // Endpoints are few; one page of 250 covers any real workspace.
    queryFn: async ({ signal }) => (await apiCall(endpointPageSchema, BASE, { query: { limit: 250 }, signal })).data.items,
  });
}

export function useCreateEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<CreateEndpointInput, 'workspaceId'>) =>
      (await apiCall(createdEndpointSchema, BASE, { method: 'POST', body: input })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['webhook-endpoints'] }),
  });
}

/** Contract 8.3 PATCH: enable/disable, URL, event types. Enabling releases held deliveries: their list refreshes too. */
export function useUpdateEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ endpointId, ...change }: Omit<PatchEndpointInput, 'workspaceId'> & { endpointId: string }) =>
      (await apiCall(endpointSchema, `${BASE}/${endpointId}`, { method: 'PATCH', body: change })).data,
    onSuccess: (endpoint) => {
      void qc.invalidateQueries({ queryKey: ['webhook-endpoints'] });
      void qc.invalidateQueries({ queryKey: ['webhook-deliveries'], predicate: (q) => q.queryKey[2] === endpoint.endpointId });
    },
  });
}

export function useDeleteEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: string) => {
      await apiCall(z.null(), `${BASE}/${endpointId}`, { method: 'DELETE' });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['webhook-endpoints'] }),
  });
}

export function useRotateSecret() {
  return useMutation({
    mutationFn: async ({ endpointId, graceHours }: { endpointId: string; graceHours: number }) =>
      (await apiCall(rotatedSecretSchema, `${BASE}/${endpointId}/rotate-secret`, { method: 'POST', body: { graceHours } })).data,
  });
}

const invalidateDeliveries = (qc: ReturnType<typeof useQueryClient>, endpointId: string) =>
  void qc.invalidateQueries({ queryKey: ['webhook-deliveries'], predicate: (q) => q.queryKey[2] === endpointId });

export function useSendTestEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: string) => (await apiCall(deliverySchema, `${BASE}/${endpointId}/test`, { method: 'POST' })).data,
    onSuccess: (d) => invalidateDeliveries(qc, d.endpointId),
  });
}

/** Contract 8.3 recover: `dryRun` counts, otherwise queues (idempotent by key). */
export function useRecover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { endpointId: string; since: string; dryRun: boolean; idempotencyKey: string }) =>
      (
        await apiCall(recoverResultSchema, `${BASE}/${input.endpointId}/recover`, {
          method: 'POST',
          body: { since: input.since, dryRun: input.dryRun, idempotencyKey: input.idempotencyKey },
        })
      ).data,
    onSuccess: (_r, input) => {
      if (!input.dryRun) invalidateDeliveries(qc, input.endpointId);
    },
  });
}

const POLL_MS = 2000;
type DeliveryPages = InfiniteData<z.infer<typeof deliveryPageSchema>>;
export interface DeliveryFilters {
  status: DeliveryStatus | null;
  eventType: DeliveryEventType | null;
}

/** An endpoint's deliveries, newest first, filtered; polls while any loaded delivery is still pending. */
export function useDeliveries(endpointId: string | null, filters: DeliveryFilters = { status: null, eventType: null }) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: ['webhook-deliveries', workspaceId, endpointId, filters.status, filters.eventType],
    enabled: Boolean(endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiCall(deliveryPageSchema, `${BASE}/${endpointId}/deliveries`, {
          query: { limit: 50, cursor: pageParam, status: filters.status ?? undefined, eventType: filters.eventType ?? undefined },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'pending')) ? POLL_MS : false),
  });
}

/**
 * One delivery with its attempts and event body (the detail drawer); polls while pending. Each read
 * puts its status and attempt count into the lists' row too, so the list and the drawer never disagree
 * on how many attempts were made (the list is read every few seconds at best).
 */
export function useDeliveryDetail(endpointId: string, deliveryId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['webhook-delivery', workspaceId, endpointId, deliveryId],
    enabled: Boolean(deliveryId),
    queryFn: async ({ signal }) => {
      const detail = (await apiCall(deliveryDetailSchema, `${BASE}/${endpointId}/deliveries/${deliveryId}`, { signal })).data;
      const { attempts, body: _body, ...record } = detail;
      const row: Delivery = { ...record, attempts: attempts.length };
      qc.setQueriesData<DeliveryPages>({ queryKey: ['webhook-deliveries', workspaceId, endpointId] }, (data) =>
        data?.pages.some((p) => p.items.some((d) => d.deliveryId === row.deliveryId))
          ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((d) => (d.deliveryId === row.deliveryId ? row : d)) })) }
          : data,
      );
      return detail;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });
}

/**
 * Spec 4.4 redeliver with the caller's idempotency key. A network failure (status 0: the request may or
 * may not have reached the server) is retried with the SAME key, so the server sends at most once.
 */
export async function redeliver(
  endpointId: string,
  deliveryId: string,
  idempotencyKey: string,
  attempts = 3,
): Promise<{ delivery: Delivery; replayed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data, response } = await apiCall(deliverySchema, `${BASE}/${endpointId}/deliveries/${deliveryId}/redeliver`, {
        method: 'POST',
        body: { idempotencyKey },
      });
      return { delivery: data, replayed: response.headers.get('Idempotent-Replayed') === 'true' };
    } catch (err) {
      // 0: lost on the wire; 409 idempotency_in_progress: the first try is still running — ask again shortly.
      const retriable = err instanceof ApiProblem && (err.status === 0 || err.code === ERROR_CODES.idempotency_in_progress);
      if (!retriable || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 400 * attempt));
    }
  }
}

export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId, idempotencyKey }: { endpointId: string; deliveryId: string; idempotencyKey: string }) =>
      redeliver(endpointId, deliveryId, idempotencyKey),
    onSuccess: ({ delivery }) => {
      // Show the new delivery at once (newest first) in the unfiltered list, then let the lists catch up with the server.
      qc.setQueriesData<DeliveryPages>(
        {
          queryKey: ['webhook-deliveries'],
          predicate: (q) => q.queryKey[2] === delivery.endpointId && q.queryKey[3] === null && q.queryKey[4] === null,
        },
        (data) => {
          if (!data?.pages.length) return data;
          if (data.pages.some((p) => p.items.some((d) => d.deliveryId === delivery.deliveryId))) return data;
          const [first, ...rest] = data.pages;
          return { ...data, pages: [{ ...first, items: [delivery, ...first.items] }, ...rest] };
        },
      );
      invalidateDeliveries(qc, delivery.endpointId);
    },
  });
}

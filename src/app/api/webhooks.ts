import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSession } from '../session';
import type { Page } from './conversations';
import { apiFetch, ApiProblem, currentWorkspaceId } from './http';

/** Contract 6 (at least these). */
export const EVENT_TYPES = [
  'campaign.workflow_updated',
  'campaign.launched',
  'inspiration.saved',
  'conversation.message_received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type DeliveryStatus = 'pending' | 'delivered' | 'exhausted';

export interface WebhookEndpoint {
  endpointId: string;
  url: string;
  eventTypes: EventType[];
  createdAt: string;
}
export interface CreatedEndpoint extends WebhookEndpoint {
  /** Shown only in the create answer. */
  secret: string;
}
export interface Delivery {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: EventType;
  status: DeliveryStatus;
  attempts: number;
  lastResponseStatus: number | null;
  createdAt: string;
  redeliveryOf: string | null;
}

const BASE = '/api/v1/webhook-endpoints';
const ws = () => ({ workspaceId: currentWorkspaceId() });

export function useEndpoints() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['webhook-endpoints', workspaceId],
    // Endpoints are few; one page of 250 covers any real workspace.
    queryFn: async ({ signal }) => (await apiFetch<Page<WebhookEndpoint>>(BASE, { query: { ...ws(), limit: 250 }, signal })).data.items,
  });
}

export function useCreateEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { url: string; eventTypes: EventType[] }) => {
      const workspaceId = currentWorkspaceId();
      return (await apiFetch<CreatedEndpoint>(BASE, { method: 'POST', body: { ...input, ...(workspaceId ? { workspaceId } : {}) } })).data;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['webhook-endpoints'] }),
  });
}

export function useDeleteEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId: string) => {
      await apiFetch<null>(`${BASE}/${endpointId}`, { method: 'DELETE', query: ws() });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['webhook-endpoints'] }),
  });
}

const POLL_MS = 2000;
type DeliveryPages = InfiniteData<Page<Delivery>>;

/** An endpoint's deliveries, newest first; polls while any loaded delivery is still pending. */
export function useDeliveries(endpointId: string | null) {
  const workspaceId = useSession((s) => s.workspaceId);
  return useInfiniteQuery({
    queryKey: ['webhook-deliveries', workspaceId, endpointId],
    enabled: Boolean(endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await apiFetch<Page<Delivery>>(`${BASE}/${endpointId}/deliveries`, { query: { ...ws(), limit: 50, cursor: pageParam }, signal }))
        .data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'pending')) ? POLL_MS : false),
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
  const workspaceId = currentWorkspaceId();
  for (let attempt = 1; ; attempt++) {
    try {
      const { data, response } = await apiFetch<Delivery>(`${BASE}/${endpointId}/deliveries/${deliveryId}/redeliver`, {
        method: 'POST',
        body: { idempotencyKey, ...(workspaceId ? { workspaceId } : {}) },
      });
      return { delivery: data, replayed: response.headers.get('Idempotent-Replayed') === 'true' };
    } catch (err) {
      // 0: lost on the wire; 409 idempotency_in_progress: the first try is still running — ask again shortly.
      const retriable = err instanceof ApiProblem && (err.status === 0 || err.code === 'idempotency_in_progress');
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
      // Show the new delivery at once (newest first), then let the list catch up with the server.
      qc.setQueriesData<DeliveryPages>(
        { queryKey: ['webhook-deliveries'], predicate: (q) => q.queryKey[2] === delivery.endpointId },
        (data) => {
          if (!data?.pages.length) return data;
          if (data.pages.some((p) => p.items.some((d) => d.deliveryId === delivery.deliveryId))) return data;
          const [first, ...rest] = data.pages;
          return { ...data, pages: [{ ...first, items: [delivery, ...first.items] }, ...rest] };
        },
      );
      void qc.invalidateQueries({ queryKey: ['webhook-deliveries'], predicate: (q) => q.queryKey[2] === delivery.endpointId });
    },
  });
}

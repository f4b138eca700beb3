import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import { EVENT_TYPES, type Delivery, type WebhookEndpoint } from '../../domain/contract/webhooks';
import type { Account } from './accounts';
import { useSession } from '../session';

/** One request the app sent, as the server would read it. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: a JSON body with a status (200 unless given), or a thrown error for a network failure. */
export type FakeAnswer = { status?: number; body?: unknown } | Error;

/**
 * A fake server for the app's API modules and pages (tests only): `fetch` is replaced by one that
 * records each request and answers it by `"METHOD /path"`; a request with no answer fails the test
 * with a 599, so an unexpected call shows. Signs in with a key and, when given, a chosen workspace.
 */
export function fakeApi(answers: Record<string, FakeAnswer | ((request: SentRequest) => FakeAnswer)>, workspaceId: string | null = 'ws-1') {
  useSession.setState({ apiKey: 'key-1', baseUrl: 'https://studio.example', workspaceId, rejected: null });
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    sent.push(request);
    const found = answers[`${request.method} ${request.path}`];
    const answer =
      typeof found === 'function'
        ? found(request)
        : (found ?? { status: 599, body: { detail: `No fake answer for ${request.method} ${request.path}` } });
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { sent, fetch };
}

/** A fresh query client (no retries, so an error shows at once) and the provider for renderHook/render. */
export function testQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}

export const ENDPOINT_ID = '33333333-3333-4333-8333-333333333333';
export const DELIVERY_ID = '44444444-4444-4444-8444-444444444444';

/** A webhook endpoint as the server answers it. */
export const testEndpoint = (change: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointId: ENDPOINT_ID,
  url: 'https://hooks.example/in',
  eventTypes: [EVENT_TYPES[0]],
  status: 'enabled',
  disabledReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...change,
});

/** A delivery of that endpoint as the server answers it. */
export const testDelivery = (change: Partial<Delivery> = {}): Delivery => ({
  deliveryId: DELIVERY_ID,
  redeliveryOf: null,
  endpointId: ENDPOINT_ID,
  eventId: 'evt_1',
  eventType: EVENT_TYPES[0],
  status: 'exhausted',
  attempts: 3,
  lastResponseStatus: 500,
  createdAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: null,
  ...change,
});

/** A LinkedIn sender account as GET /api/messaging/accounts lists it: the defaults' limits, a weekly cap of 100 invitations. */
export const senderAccount = (id: string, over: Partial<Account> = {}): Account => ({
  id,
  channel: 'professional_network',
  name: `Sender ${id}`,
  premium: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  unreadConversations: 0,
  dailyLimits: DEFAULT_DAILY_LIMITS,
  timeZone: 'UTC',
  weeklyLimits: { connection_request: 100 },
  warmUp: null,
  ...over,
});

// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../domain/contract/errors';
import { CLIENT_ERROR_CODES } from './http';
import { DELIVERY_ID, ENDPOINT_ID, fakeApi, testDelivery, testEndpoint, testQueryClient } from './testing';
import { redeliver, useCreateEndpoint, useDeleteEndpoint, useDeliveryDetail, useEndpoints, useRecover, type Delivery } from './webhooks';

const BASE = '/api/v1/webhook-endpoints';
const REDELIVER = `POST ${BASE}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/redeliver`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('webhooks API', () => {
  it('lists endpoints with the workspace in the query, parsed with the contract schema', async () => {
    const { sent } = fakeApi({ [`GET ${BASE}`]: { body: { items: [testEndpoint()], nextCursor: null } } });
    const { result } = renderHook(() => useEndpoints(), { wrapper: testQueryClient().wrapper });
    await waitFor(() => expect(result.current.data).toEqual([testEndpoint()]));
    expect(sent[0]!.query).toEqual({ workspaceId: 'ws-1', limit: '250' });
  });

  it('refuses an endpoint list that does not match the contract', async () => {
    fakeApi({ [`GET ${BASE}`]: { body: { items: [{ ...testEndpoint(), status: 'sleeping' }], nextCursor: null } } });
    const { result } = renderHook(() => useEndpoints(), { wrapper: testQueryClient().wrapper });
    await waitFor(() => expect(result.current.error).toMatchObject({ code: CLIENT_ERROR_CODES.badResponse }));
  });

  it('creates with the workspace in the body and answers the secret, shown once', async () => {
    const { sent } = fakeApi({ [`POST ${BASE}`]: { status: 201, body: { ...testEndpoint(), secret: 'whsec_abc' } } });
    const { result } = renderHook(() => useCreateEndpoint(), { wrapper: testQueryClient().wrapper });
    const created = await result.current.mutateAsync({ url: 'https://hooks.example/in', eventTypes: testEndpoint().eventTypes });
    expect(created.secret).toBe('whsec_abc');
    expect(sent[0]!.body).toEqual({ url: 'https://hooks.example/in', eventTypes: testEndpoint().eventTypes, workspaceId: 'ws-1' });
  });

  it('deletes with the workspace in the query and accepts the empty answer', async () => {
    const { sent } = fakeApi({ [`DELETE ${BASE}/${ENDPOINT_ID}`]: { status: 204 } });
    const { result } = renderHook(() => useDeleteEndpoint(), { wrapper: testQueryClient().wrapper });
    await result.current.mutateAsync(ENDPOINT_ID);
    expect(sent[0]).toMatchObject({ query: { workspaceId: 'ws-1' }, body: undefined });
  });

  it('recovers with the caller’s key and surfaces a refusal with its words', async () => {
    const { sent } = fakeApi({
      [`POST ${BASE}/${ENDPOINT_ID}/recover`]: {
        status: 400,
        body: { code: 'invalid_request', detail: 'Pick a time in the last 30 days.' },
      },
    });
    const { result } = renderHook(() => useRecover(), { wrapper: testQueryClient().wrapper });
    const input = { endpointId: ENDPOINT_ID, since: '2026-01-01T00:00:00.000Z', dryRun: true, idempotencyKey: 'k-1' };
    await expect(result.current.mutateAsync(input)).rejects.toMatchObject({ status: 400, message: 'Pick a time in the last 30 days.' });
    expect(sent[0]!.body).toEqual({ since: input.since, dryRun: true, idempotencyKey: 'k-1', workspaceId: 'ws-1' });
  });
});

describe('redeliver', () => {
  it('tells a replayed answer from a new delivery', async () => {
    fakeApi({ [REDELIVER]: { status: 201, body: testDelivery({ status: 'pending' }) } });
    await expect(redeliver(ENDPOINT_ID, DELIVERY_ID, 'key-9')).resolves.toMatchObject({ replayed: false, delivery: { status: 'pending' } });
  });

  it('asks again with the same key after a network failure, so the server sends at most once', async () => {
    let calls = 0;
    const { sent } = fakeApi({
      [REDELIVER]: () => (++calls === 1 ? new TypeError('Failed to fetch') : { status: 201, body: testDelivery() }),
    });
    vi.useFakeTimers();
    const answer = redeliver(ENDPOINT_ID, DELIVERY_ID, 'key-9');
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toMatchObject({ delivery: { deliveryId: DELIVERY_ID } });
    expect(sent.map((r) => (r.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-9', 'key-9']);
  });

  it('does not retry a refusal', async () => {
    const { sent } = fakeApi({ [REDELIVER]: { status: 404, body: { code: ERROR_CODES.not_found, detail: 'No such delivery.' } } });
    await expect(redeliver(ENDPOINT_ID, DELIVERY_ID, 'key-9')).rejects.toMatchObject({ status: 404 });
    expect(sent).toHaveLength(1);
  });
});

describe('a delivery’s detail and its row in the list', () => {
  it('agree on the attempts: reading the detail puts its count and status into the list’s row', async () => {
    const detail = {
      ...testDelivery({ status: 'exhausted', attempts: 4, lastResponseStatus: 503 }),
      attempts: [500, 502, 503, 503].map((status, i) => ({
        at: `2026-11-25T10:0${i}:00.000Z`,
        status,
        durationMs: 20,
        responseBodyExcerpt: '',
        error: null,
      })),
      body: { type: 'inspiration.saved' },
    };
    fakeApi({ [`GET ${BASE}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}`]: { body: detail } });
    const { client, wrapper } = testQueryClient();
    const listKey = ['webhook-deliveries', 'ws-1', ENDPOINT_ID, null, null];
    client.setQueryData(listKey, {
      pages: [{ items: [testDelivery({ status: 'pending', attempts: 2 })], nextCursor: null }],
      pageParams: [undefined],
    });
    const { result } = renderHook(() => useDeliveryDetail(ENDPOINT_ID, DELIVERY_ID), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const row = client.getQueryData<{ pages: { items: Delivery[] }[] }>(listKey)!.pages[0]!.items[0]!;
    expect(row).toEqual(testDelivery({ status: 'exhausted', attempts: 4, lastResponseStatus: 503 }));
  });
});

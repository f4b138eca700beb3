// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_ID, ENDPOINT_ID, fakeApi, testDelivery, testEndpoint, testQueryClient } from '../api/testing';
import { useToasts } from '../ui/toast';
import { CreateEndpoint } from './CreateEndpoint';
import { DeliveryDrawer } from './DeliveryDrawer';
import { EVENT_LABEL } from './event-labels';
import { RecoverFailed } from './RecoverFailed';
import { WebhooksPane } from './Webhooks';

const BASE = '/api/v1/webhook-endpoints';
const show = (ui: ReactElement) => render(ui, { wrapper: testQueryClient().wrapper });
const toasts = () => useToasts.getState().toasts.map((t) => t.message);

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  // jsdom has no matchMedia; the page asks whether it is on a phone. A wide window here.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('endpoint list', () => {
  it('lists each endpoint with its state and its events in users’ words', async () => {
    fakeApi({
      [`GET ${BASE}`]: {
        body: {
          items: [
            testEndpoint(),
            testEndpoint({ endpointId: crypto.randomUUID(), url: 'https://off.example/x', status: 'disabled', eventTypes: [] }),
          ],
          nextCursor: null,
        },
      },
    });
    show(<WebhooksPane layout="page" />);
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('https://hooks.example/in');
    expect(rows[0]!.textContent).toContain(EVENT_LABEL[testEndpoint().eventTypes[0]!]);
    expect(rows[1]!.textContent).toContain('Off');
    expect(rows[1]!.textContent).toContain('all events');
  });

  it('says so when there is no endpoint yet, and shows a failed read with a retry', async () => {
    fakeApi({ [`GET ${BASE}`]: { body: { items: [], nextCursor: null } } });
    show(<WebhooksPane layout="page" />);
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    cleanup();
    fakeApi({ [`GET ${BASE}`]: { status: 500, body: { code: 'internal', detail: 'The database is away.' } } });
    show(<WebhooksPane layout="page" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load webhook endpoints. The database is away.');
  });

  it('turns an endpoint off from its row', async () => {
    const { sent } = fakeApi({
      [`GET ${BASE}`]: { body: { items: [testEndpoint()], nextCursor: null } },
      [`PATCH ${BASE}/${ENDPOINT_ID}`]: { body: testEndpoint({ status: 'disabled', disabledReason: 'manual' }) },
    });
    show(<WebhooksPane layout="page" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off endpoint https://hooks.example/in' }));
    await waitFor(() => expect(toasts()).toContain('Endpoint turned off: new events are held.'));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ status: 'disabled', workspaceId: 'ws-1' });
  });
});

describe('creating an endpoint', () => {
  it('refuses a URL that is not http(s) without asking the server', async () => {
    const { sent } = fakeApi({});
    show(<CreateEndpoint />);
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'ftp://nope');
    await userEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(screen.getByText('Enter an http(s) URL, like https://example.com/hooks.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('creates it and shows the signing secret once', async () => {
    const onCreated = vi.fn();
    const { sent } = fakeApi({ [`POST ${BASE}`]: { status: 201, body: { ...testEndpoint(), secret: 'whsec_once' } } });
    show(<CreateEndpoint onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText('Endpoint URL'), '  https://hooks.example/in ');
    await userEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect((await screen.findByLabelText('Signing secret')).textContent).toContain('whsec_once');
    expect(sent[0]!.body).toMatchObject({ url: 'https://hooks.example/in', eventTypes: [] });
    expect(onCreated).toHaveBeenCalledWith(ENDPOINT_ID);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('shows the server’s refusal beside the field it names', async () => {
    fakeApi({
      [`POST ${BASE}`]: {
        status: 400,
        body: {
          code: 'invalid_request',
          detail: 'Check the URL.',
          errors: [{ path: 'url', message: 'This address points inside the network.' }],
        },
      },
    });
    show(<CreateEndpoint />);
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/in');
    await userEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByText(/points inside the network/)).toBeTruthy();
  });
});

describe('delivery drawer', () => {
  it('shows the delivery’s attempts and the event body as sent', async () => {
    fakeApi({
      [`GET ${BASE}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}`]: {
        body: {
          ...testDelivery(),
          attempts: [
            { at: '2026-11-25T10:00:00.000Z', status: null, durationMs: 5000, responseBodyExcerpt: '', error: 'timed out after 5 s' },
          ],
          body: { type: 'campaign.launched', data: { name: 'Spring' } },
        },
      },
    });
    const onClose = vi.fn();
    show(<DeliveryDrawer endpointId={ENDPOINT_ID} deliveryId={DELIVERY_ID} onClose={onClose} />);
    expect(await screen.findByText('No answer within 5 seconds')).toBeTruthy();
    expect(screen.getByLabelText('Event body').textContent).toContain('"name": "Spring"');
    await userEvent.click(screen.getByRole('button', { name: 'Close delivery details' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('recovering failed deliveries', () => {
  it('counts first, then sends them again with the same key', async () => {
    const { sent } = fakeApi({
      [`POST ${BASE}/${ENDPOINT_ID}/recover`]: (request) => ({
        body: (request.body as { dryRun: boolean }).dryRun ? { matched: 3 } : { matched: 3, queued: 3 },
      }),
    });
    const onDone = vi.fn();
    show(<RecoverFailed endpointId={ENDPOINT_ID} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Count failed' }));
    expect((await screen.findByRole('status')).textContent).toContain('3 failed deliveries will be sent again.');
    await userEvent.click(screen.getByRole('button', { name: 'Send 3 again' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts()).toContain('3 failed deliveries are being sent again.');
    const [count, send] = sent.map((r) => r.body as { dryRun: boolean; idempotencyKey: string });
    expect([count!.dryRun, send!.dryRun]).toEqual([true, false]);
    expect(send!.idempotencyKey).toBe(count!.idempotencyKey);
  });

  it('says so when nothing failed since then', async () => {
    fakeApi({ [`POST ${BASE}/${ENDPOINT_ID}/recover`]: { body: { matched: 0 } } });
    show(<RecoverFailed endpointId={ENDPOINT_ID} onDone={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Count failed' }));
    expect((await screen.findByRole('status')).textContent).toContain('No failed deliveries since then.');
  });
});

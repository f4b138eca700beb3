// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import type { Account } from '../../domain/contract/conversations';
import type { Conversation } from '../api/conversations';
import { fakeApi, testQueryClient, type FakeAnswer, type SentRequest } from '../api/testing';
import InboxPage from './InboxPage';

/**
 * The inbox page's filters against a fake server (was e2e/inbox.spec.ts's filters and Retry; which
 * conversations a filter selects is the server's, list.int.test.ts): each control narrows the list
 * through the query it sends, writes the URL, and a reload reads them back; Clear filters empties them.
 */

// jsdom has no layout, so the real virtualizer would draw no row: this one draws them all.
vi.mock('@tanstack/react-virtual', () => ({
  useVirtualizer: ({ count, estimateSize, getItemKey }: { count: number; estimateSize(): number; getItemKey(i: number): string }) => ({
    getVirtualItems: () => Array.from({ length: count }, (_, index) => ({ index, key: getItemKey(index), start: index * estimateSize() })),
    getTotalSize: () => count * estimateSize(),
    scrollToIndex: () => undefined,
  }),
}));

const LINKEDIN = '11111111-1111-4111-8111-111111111111';
const WHATSAPP = '22222222-2222-4222-8222-222222222222';
const account = (id: string, channel: Account['channel'], name: string): Account => ({
  id,
  channel,
  name,
  premium: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  unreadConversations: 0,
  dailyLimits: DEFAULT_DAILY_LIMITS,
  timeZone: 'UTC',
  weeklyLimits: { connection_request: 100 },
  warmUp: null,
});
const conversation = (
  n: number,
  accountId: string,
  channel: Conversation['channel'],
  name: string,
  replyState: Conversation['replyState'],
) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    accountId,
    channel,
    contact: { name, headline: null, avatarUrl: null, profileUrl: null },
    lastMessage: { text: 'Hello', direction: replyState === 'need_to_reply' ? 'inbound' : 'outbound', at: '2026-03-02T10:00:00.000Z' },
    unreadCount: 0,
    tags: [],
    replyState,
    campaign: null,
  }) satisfies Conversation;
const ALL = [
  conversation(1, LINKEDIN, 'professional_network', 'Ada', 'need_to_reply'),
  conversation(2, WHATSAPP, 'messaging_app', 'Bob', 'awaiting_reply'),
  conversation(3, LINKEDIN, 'professional_network', 'Cy', 'awaiting_reply'),
];

/** The server's filtering, as far as these filters go. */
const listed = ({ query }: SentRequest) => ({
  body: {
    items: ALL.filter(
      (c) =>
        (!query.channel || c.channel === query.channel) &&
        (!query.replyFilter || c.replyState === query.replyFilter) &&
        (!query.accountIds || query.accountIds.split(',').includes(c.accountId)),
    ),
    nextCursor: null,
  },
});

function renderInbox(conversations: (request: SentRequest) => FakeAnswer = listed) {
  const { sent } = fakeApi({
    'GET /api/messaging/conversations': conversations,
    'GET /api/messaging/accounts': {
      body: { items: [account(LINKEDIN, 'professional_network', 'Ada (premium)'), account(WHATSAPP, 'messaging_app', 'Sales WhatsApp')] },
    },
    'GET /api/messaging/tags': { body: { items: [] } },
    'POST /mcp': (r) => ({
      body: { jsonrpc: '2.0', id: (r.body as { id: number }).id, result: { structuredContent: { items: [], nextCursor: null } } },
    }),
  });
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <InboxPage />
    </QueryClientProvider>,
  );
  return sent;
}

const rowNames = () => [...document.querySelectorAll('.conv-name')].map((e) => e.textContent);
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the inbox page', () => {
  it('filters narrow the list, combine, live in the URL and survive a reload; Clear filters empties them', async () => {
    window.history.replaceState(null, '', '/inbox');
    const sent = renderInbox();
    const user = userEvent.setup();
    await waitFor(() => expect(rowNames()).toEqual(['Ada', 'Bob', 'Cy']));

    await user.selectOptions(select('Channel'), 'messaging_app');
    await waitFor(() => expect(rowNames()).toEqual(['Bob']));
    expect(window.location.search).toBe('?channel=messaging_app');

    await user.selectOptions(select('Channel'), '');
    await user.selectOptions(select('Reply state'), 'need_to_reply');
    await waitFor(() => expect(rowNames()).toEqual(['Ada']));

    await user.selectOptions(select('Reply state'), 'awaiting_reply');
    await user.click(screen.getByRole('button', { name: /^Accounts:/ }));
    await user.click(document.querySelector<HTMLInputElement>(`input[type=checkbox][value="${LINKEDIN}"]`)!);
    await waitFor(() => expect(rowNames()).toEqual(['Cy']));
    expect(new URLSearchParams(window.location.search).get('accounts')).toBe(LINKEDIN);
    expect(sent.at(-1)!.query).toMatchObject({ accountIds: LINKEDIN, replyFilter: 'awaiting_reply' });

    // A reload: the page reads its filters from the URL alone.
    cleanup();
    renderInbox();
    await waitFor(() => expect(rowNames()).toEqual(['Cy']));
    expect(select('Reply state').value).toBe('awaiting_reply');
    expect(screen.getByRole('button', { name: /^Accounts:/ }).textContent).toContain('1 account');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(rowNames()).toEqual(['Ada', 'Bob', 'Cy']));
    expect(window.location.pathname + window.location.search).toBe('/inbox');
    expect(select('Reply state').value).toBe('');
  });

  it('a failed load shows Retry, which recovers', async () => {
    window.history.replaceState(null, '', '/inbox?search=zz-retry');
    let fail = true;
    renderInbox((request) => (fail ? { status: 503, body: { status: 503, code: 'unavailable', detail: 'Try again.' } } : listed(request)));
    const user = userEvent.setup();
    expect(await screen.findByText('Could not load conversations.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Could not load conversations.')).toBeNull());
    expect(rowNames()).toEqual(['Ada', 'Bob', 'Cy']);
  });
});

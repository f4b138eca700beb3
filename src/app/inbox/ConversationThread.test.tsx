// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../api/conversations';
import { queryClient } from '../api/query-client';
import { ConversationThread } from './ConversationThread';
import { SANDBOX_LABEL } from './labels';

const CONVERSATION: Conversation = {
  id: '00000000-0000-4000-8000-000000000001',
  accountId: '11111111-1111-4111-8111-111111111111',
  channel: 'professional_network',
  contact: { name: 'Ada Lovelace', headline: null, avatarUrl: null, profileUrl: 'https://network.example/in/ada' },
  lastMessage: { text: 'Tell me more', direction: 'inbound', at: '2026-03-02T10:00:00.000Z' },
  unreadCount: 0,
  tags: [],
  replyState: 'need_to_reply',
  campaign: null,
};

const message = (id: string, text: string, direction: Message['direction'], sandbox: boolean): Message => ({
  id: `00000000-0000-4000-8000-00000000010${id}`,
  conversationId: CONVERSATION.id,
  externalMessageId: `m-${id}`,
  direction,
  text,
  sentAt: `2026-03-02T0${id}:00:00.000Z`,
  sandbox,
});

// jsdom has no layout: the thread's scroll to its newest message is a no-op here.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the thread marks sandbox messages (contract 9.4)', () => {
  it('shows "Sandbox" on the simulated network’s messages only', async () => {
    const items = [
      message('1', 'Hi Ada', 'outbound', true),
      message('2', 'Tell me more', 'inbound', true),
      message('3', 'Real one', 'inbound', false),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/messages')
          ? new Response(JSON.stringify({ items, nextCursor: null }), { status: 200, headers: { 'Content-Type': 'application/json' } })
          : new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <ConversationThread conversation={CONVERSATION} onClose={() => {}} onFilterStep={() => {}} />
      </QueryClientProvider>,
    );
    const real = (await screen.findByText('Real one')).closest('.bubble') as HTMLElement;
    expect(within(real).queryByText(SANDBOX_LABEL)).toBeNull();
    for (const text of ['Hi Ada', 'Tell me more']) {
      const bubble = screen.getByText(text, { selector: 'p' }).closest('.bubble') as HTMLElement;
      expect(within(bubble).getByText(SANDBOX_LABEL)).toBeTruthy();
    }
  });
});

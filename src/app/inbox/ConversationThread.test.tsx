// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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

describe('a contact on the do-not-contact list (contract 10.3)', () => {
  it('the thread says so, with the reason, and the reply box stays', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.includes('/api/v1/exclusions'))
          return json({
            items: [
              {
                exclusionId: '00000000-0000-4000-8000-000000000009',
                kind: 'company',
                value: 'Engines',
                reason: 'Customer',
                createdAt: '2026-03-01T10:00:00.000Z',
                createdBy: 'studio',
              },
            ],
            nextCursor: null,
          });
        if (url.includes('/messages')) return json({ items: [message('1', 'Hello again', 'inbound', false)], nextCursor: null });
        return json({});
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <ConversationThread conversation={CONVERSATION} onClose={() => {}} onFilterStep={() => {}} />
      </QueryClientProvider>,
    );
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Do not contact Ada Lovelace is on your do-not-contact list (Customer): no campaign will contact them. You can still answer here.',
    );
    expect(asked.some((u) => new URL(u, 'http://app.test').searchParams.get('profileUrl') === CONVERSATION.contact.profileUrl)).toBe(true);
    expect(screen.getByRole('textbox', { name: /reply/i })).toBeTruthy();
  });
});

describe('replying to someone whose invitation is pending', () => {
  const CAMPAIGN = '44444444-4444-4444-8444-444444444444';
  const PROSPECT = '55555555-5555-4555-8555-555555555555';
  const ENROLLMENT = '66666666-6666-4666-8666-666666666666';
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const timelineStep = (nodeId: string, type: string, status: string, handle: string | null) => ({
    nodeId,
    type,
    status,
    scheduledFor: null,
    startedAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    handle,
    actionId: null,
    rendered: null,
    error: null,
    version: 1,
    variantId: null,
  });

  /** The contact as the audience knows them. */
  const ADA = {
    prospectId: PROSPECT,
    workspaceId: CONVERSATION.accountId,
    profileUrl: CONVERSATION.contact.profileUrl,
    name: 'Ada Lovelace',
    headline: null,
    company: null,
    email: null,
    timeZone: null,
    customFields: {},
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  };

  const renderThreadAt = (last: ReturnType<typeof timelineStep>) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/timeline')) return json({ items: [timelineStep('start', 'start', 'done', null), last] });
        if (url.includes(`/prospects/${PROSPECT}`))
          return json({
            ...ADA,
            campaigns: [
              { campaignId: CAMPAIGN, name: 'Webinar', enrollmentId: ENROLLMENT, status: 'active', enteredAt: '2026-03-01T10:00:00.000Z' },
            ],
          });
        if (url.includes('/api/v1/prospects')) return json({ items: [ADA], nextCursor: null, total: null });
        if (url.includes('/messages')) return json({ items: [], nextCursor: null });
        return json({});
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <ConversationThread
          conversation={{ ...CONVERSATION, campaign: { campaignId: CAMPAIGN, name: 'Webinar', nodeId: 'invite' } }}
          onClose={() => {}}
          onFilterStep={() => {}}
        />
      </QueryClientProvider>,
    );
  };

  it('says LinkedIn will not deliver a reply until the invitation is accepted', async () => {
    renderThreadAt(timelineStep('invite', 'connection_request', 'running', null));
    expect((await screen.findByTestId('invitation-pending')).textContent).toMatch(/Ada Lovelace has not accepted your invitation yet/);
  });

  it('says nothing once they accepted', async () => {
    renderThreadAt(timelineStep('thanks', 'message', 'running', null));
    // Once the timeline is read and shown to the notice, it stays silent.
    await waitFor(() => expect(queryClient.getQueryData(['enrollment-timeline', null, ENROLLMENT])).toBeDefined());
    expect(screen.queryByTestId('invitation-pending')).toBeNull();
  });
});

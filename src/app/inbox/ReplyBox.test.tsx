// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { ReplyBox } from './ReplyBox';

const CONVERSATION = '00000000-0000-4000-8000-0000000000c1';
const ACTION = '00000000-0000-4000-8000-0000000000a1';

interface Stub {
  posts: unknown[];
  replies: { items: unknown[]; senderToday: { used: number; limit: number } };
  postStatus: number;
}

function stubApi(stub: Stub) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
        });
      if (init?.method === 'POST') {
        stub.posts.push(JSON.parse(String(init.body)));
        if (stub.postStatus === 429)
          return json(
            { type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'sender_limit_reached', detail: 'Limit reached.' },
            429,
          );
        return json({ actionId: ACTION }, 202);
      }
      if (url.includes('/replies')) return json(stub.replies);
      return new Response('{}', { status: 404 });
    }),
  );
}

const renderBox = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <ReplyBox conversationId={CONVERSATION} />
    </QueryClientProvider>,
  );

beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the inbox reply box (contract 9.4)', () => {
  it('shows the sender’s messages left today and sends on Ctrl+Enter, then clears the box', async () => {
    const stub: Stub = { posts: [], replies: { items: [], senderToday: { used: 12, limit: 60 } }, postStatus: 202 };
    stubApi(stub);
    renderBox();
    expect((await screen.findByText(/48 of 60 messages left today/)).textContent).toContain('Ctrl+Enter sends');
    const box = screen.getByLabelText('Your reply');
    await userEvent.type(box, 'See you Tuesday');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(stub.posts).toEqual([{ text: 'See you Tuesday' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('a failed reply shows the reason and Retry sends its text again', async () => {
    const failed = {
      actionId: ACTION,
      text: 'Hello?',
      status: 'failed',
      error: 'The recipient cannot receive messages',
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    const stub: Stub = { posts: [], replies: { items: [failed], senderToday: { used: 1, limit: 60 } }, postStatus: 202 };
    stubApi(stub);
    renderBox();
    expect((await screen.findByRole('alert')).textContent).toContain('Not sent: The recipient cannot receive messages.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stub.posts).toEqual([{ text: 'Hello?' }]));
  });

  it('over the sender’s limit: says so in users’ words and keeps the text', async () => {
    const stub: Stub = { posts: [], replies: { items: [], senderToday: { used: 5, limit: 60 } }, postStatus: 429 };
    stubApi(stub);
    renderBox();
    const box = await screen.findByLabelText('Your reply');
    await userEvent.type(box, 'One more');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sender has no messages left today: the reply was not sent. Try again tomorrow.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('One more');
  });
});

// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReplies } from './replies';
import { fakeApi, testQueryClient } from './testing';

const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111';
const reply = (status: 'sending' | 'sent') => ({
  actionId: '33333333-3333-4333-8333-333333333333',
  text: 'Happy to talk Tuesday',
  status,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('a reply sent from the inbox', () => {
  it('once sent, has the thread, its header and the lists read again (the header says what the list says)', async () => {
    let status: 'sending' | 'sent' = 'sending';
    fakeApi({
      [`GET /api/messaging/conversations/${CONVERSATION_ID}/replies`]: () => ({
        body: { items: [reply(status)], senderToday: { used: 1, limit: 60 } },
      }),
    });
    const { client, wrapper } = testQueryClient();
    for (const key of [
      ['conversation', 'ws-1', CONVERSATION_ID],
      ['messages', 'ws-1', CONVERSATION_ID],
      ['conversations', 'ws-1', {}],
    ])
      client.setQueryData(key, { stands: 'for the cached read' });
    const { result } = renderHook(() => useReplies(CONVERSATION_ID), { wrapper });
    await waitFor(() => expect(result.current.data?.items[0]?.status).toBe('sending'));
    status = 'sent';
    await waitFor(() => expect(result.current.data?.items[0]?.status).toBe('sent'), { timeout: 3000 });
    expect(client.getQueryState(['conversation', 'ws-1', CONVERSATION_ID])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['messages', 'ws-1', CONVERSATION_ID])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['conversations', 'ws-1', {}])?.isInvalidated).toBe(true);
  });
});

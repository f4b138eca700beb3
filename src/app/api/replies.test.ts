// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SentReply } from './replies';
import { useReplies, useSendReply } from './replies';
import { fakeApi, testQueryClient } from './testing';

const CONVERSATION = '00000000-0000-4000-8000-0000000000c1';
const REPLIES = `GET /api/messaging/conversations/${CONVERSATION}/replies`;
const reply = (status: SentReply['status']): SentReply => ({
  actionId: '00000000-0000-4000-8000-0000000000a1',
  text: 'Tuesday works',
  status,
  error: null,
  createdAt: '2026-03-02T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('replies from the inbox', () => {
  // Found by the e2e smoke set: the sandbox sender answered before the box looked again, and the reply showed nowhere.
  it('a reply already sent when the box first sees it is read into the thread (and the lists)', async () => {
    let replies: SentReply[] = [];
    fakeApi({
      [REPLIES]: () => ({ body: { items: replies, senderToday: { used: 0, limit: 60 } } }),
      [`POST /api/messaging/conversations/${CONVERSATION}/messages`]: { status: 202, body: { actionId: reply('sent').actionId } },
    });
    const { client, wrapper } = testQueryClient();
    const { result } = renderHook(() => ({ replies: useReplies(CONVERSATION), send: useSendReply(CONVERSATION) }), { wrapper });
    await waitFor(() => expect(result.current.replies.data?.items).toEqual([]));
    const invalidated = vi.spyOn(client, 'invalidateQueries');

    replies = [reply('sent')];
    await act(() => result.current.send.mutateAsync('Tuesday works'));
    await waitFor(() => expect(result.current.replies.data?.items).toEqual([reply('sent')]));
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['messages', 'ws-1', CONVERSATION] });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['conversations'] });
  });

  it('once sent, has the thread, its header and the lists read again (the header says what the list says)', async () => {
    let status: SentReply['status'] = 'sending';
    fakeApi({ [REPLIES]: () => ({ body: { items: [reply(status)], senderToday: { used: 1, limit: 60 } } }) });
    const { client, wrapper } = testQueryClient();
    for (const key of [
      ['conversation', 'ws-1', CONVERSATION],
      ['messages', 'ws-1', CONVERSATION],
      ['conversations', 'ws-1', {}],
    ])
      client.setQueryData(key, { stands: 'for the cached read' });
    const { result } = renderHook(() => useReplies(CONVERSATION), { wrapper });
    await waitFor(() => expect(result.current.data?.items[0]?.status).toBe('sending'));
    status = 'sent';
    await waitFor(() => expect(result.current.data?.items[0]?.status).toBe('sent'), { timeout: 3000 });
    expect(client.getQueryState(['conversation', 'ws-1', CONVERSATION])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['messages', 'ws-1', CONVERSATION])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['conversations', 'ws-1', {}])?.isInvalidated).toBe(true);
  });

  it('opening a thread with replies sent long ago reads nothing again', async () => {
    fakeApi({ [REPLIES]: { body: { items: [reply('sent')], senderToday: { used: 0, limit: 60 } } } });
    const { client, wrapper } = testQueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useReplies(CONVERSATION), { wrapper });
    await waitFor(() => expect(result.current.data?.items).toEqual([reply('sent')]));
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: ['messages', 'ws-1', CONVERSATION] });
  });
});

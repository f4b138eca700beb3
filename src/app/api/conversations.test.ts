// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem, CLIENT_ERROR_CODES } from './http';
import {
  EMPTY_FILTERS,
  PAGE_SIZE,
  useBulkAction,
  useConversations,
  useSetRead,
  useWorkspaceTags,
  type Conversation,
} from './conversations';
import { fakeApi, testQueryClient } from './testing';

const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111';
const conversation = (unreadCount: number): Conversation => ({
  id: CONVERSATION_ID,
  accountId: '22222222-2222-4222-8222-222222222222',
  channel: 'professional_network',
  contact: { name: 'Ada Lovelace', headline: null, avatarUrl: null, profileUrl: null },
  lastMessage: { text: 'Hello', direction: 'inbound', at: '2026-11-25T10:00:00.000Z' },
  unreadCount,
  tags: [],
  replyState: null,
  campaign: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('conversations API', () => {
  it('lists with the filters and the workspace in the query, and parses the page', async () => {
    const { sent } = fakeApi({ 'GET /api/messaging/conversations': { body: { items: [conversation(2)], nextCursor: null } } });
    const { wrapper } = testQueryClient();
    const filters = { ...EMPTY_FILTERS, accountIds: ['b', 'a'], search: '  ada ', nodeId: 'ignored without a campaign' };
    const { result } = renderHook(() => useConversations(filters), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.items[0]?.contact.name).toBe('Ada Lovelace');
    expect(sent[0]!.query).toEqual({ workspaceId: 'ws-1', accountIds: 'a,b', search: 'ada', limit: String(PAGE_SIZE) });
  });

  it('fails with a clear error when the tag list does not match the contract', async () => {
    fakeApi({ 'GET /api/messaging/tags': { body: { items: [{ tag: 'hot' }] } } });
    const { wrapper } = testQueryClient();
    const { result } = renderHook(() => useWorkspaceTags(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiProblem);
    expect(result.current.error).toMatchObject({ code: CLIENT_ERROR_CODES.badResponse });
  });

  it('marks read with the workspace in the query and puts the answer into the cached list', async () => {
    const { sent } = fakeApi({
      'GET /api/messaging/conversations': { body: { items: [conversation(2)], nextCursor: null } },
      [`PATCH /api/messaging/conversations/${CONVERSATION_ID}`]: { body: conversation(0) },
      'GET /api/messaging/accounts': { body: { items: [] } },
    });
    const { wrapper } = testQueryClient();
    const { result } = renderHook(() => ({ list: useConversations(EMPTY_FILTERS), setRead: useSetRead() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await result.current.setRead.mutateAsync({ id: CONVERSATION_ID, read: true });
    const patch = sent.find((r) => r.method === 'PATCH')!;
    expect(patch).toMatchObject({ query: { workspaceId: 'ws-1' }, body: { read: true } });
    await waitFor(() => expect(result.current.list.data?.pages[0]?.items[0]?.unreadCount).toBe(0));
  });

  it('sends a bulk action with the workspace in the body and surfaces the server’s refusal', async () => {
    const { sent } = fakeApi({
      'POST /api/messaging/conversations/bulk': { status: 404, body: { code: 'workspace_not_found', detail: 'No such workspace.' } },
    });
    const { wrapper } = testQueryClient();
    const { result } = renderHook(() => useBulkAction(), { wrapper });
    await expect(result.current.mutateAsync({ conversationIds: [CONVERSATION_ID], action: 'mark_read' })).rejects.toMatchObject({
      status: 404,
      code: 'workspace_not_found',
      message: 'No such workspace.',
    });
    expect(sent[0]!.body).toMatchObject({ conversationIds: [CONVERSATION_ID], workspaceId: 'ws-1' });
  });
});

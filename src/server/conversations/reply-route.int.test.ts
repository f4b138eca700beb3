import { describe, expect, it } from 'vitest';
import { conversationRepliesSchema, replyAcceptedSchema } from '../../domain/contract/conversations';
import { api, fixtureSql, newWorkspace } from '../testing/fixtures';
import { ingest } from '../testing/conversations';

/** Contract 9.4 `POST /api/messaging/conversations/{id}/messages` over real HTTP: 202 with the action, 429 over the limit, clear 4xx for bad input. */

describe('replying from the inbox over HTTP', async () => {
  const ws = await newWorkspace();

  it('202 with the actionId; the thread’s replies show it sending and the sender’s message of today', async () => {
    const { conversationId } = await ingest(ws);
    const res = await api(ws.apiKey, 'POST', `/api/messaging/conversations/${conversationId}/messages`, {
      text: '  Thanks, Tuesday works.  ',
    });
    expect(res.status).toBe(202);
    const { actionId } = replyAcceptedSchema.parse(res.body);
    const rows = await fixtureSql<{ enrollment_id: string | null; type: string; limit_kind: string; payload: { text: string } }>(
      'SELECT enrollment_id, type, limit_kind, payload FROM run_actions WHERE id = $1',
      [actionId],
    );
    expect(rows).toEqual([
      {
        enrollment_id: null,
        type: 'message',
        limit_kind: 'message',
        payload: { text: 'Thanks, Tuesday works.', data: { conversationId } },
      },
    ]);
    const replies = await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}/replies`);
    expect(replies.status).toBe(200);
    const body = conversationRepliesSchema.parse(replies.body);
    expect(body.items).toEqual([expect.objectContaining({ actionId, status: 'sending', text: 'Thanks, Tuesday works.' })]);
    expect(body.senderToday.used).toBeGreaterThanOrEqual(1);
  });

  it('429 sender_limit_reached over the sender’s message limit, and nothing is queued', async () => {
    const other = await newWorkspace();
    const { conversationId } = await ingest(other);
    expect(
      (await api(other.apiKey, 'PATCH', `/api/messaging/accounts/${other.accounts.linkedinPremium}`, { dailyLimits: { message: 0 } }))
        .status,
    ).toBe(200);
    const res = await api(other.apiKey, 'POST', `/api/messaging/conversations/${conversationId}/messages`, { text: 'Hello' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('sender_limit_reached');
    expect(res.body.detail).not.toMatch(/message_|snake|\d{4}-/);
    expect(await fixtureSql('SELECT 1 FROM run_actions WHERE conversation_id = $1', [conversationId])).toEqual([]);
  });

  it('bad input is a clear 4xx and changes nothing', async () => {
    const { conversationId } = await ingest(ws);
    const path = `/api/messaging/conversations/${conversationId}/messages`;
    for (const body of [{ text: '   ' }, {}, { text: 'Hi', extra: true }, { text: 5 }]) {
      const res = await api(ws.apiKey, 'POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    expect(
      (await api(ws.apiKey, 'POST', '/api/messaging/conversations/00000000-0000-4000-8000-000000000000/messages', { text: 'Hi' })).status,
    ).toBe(404);
    expect((await api(ws.apiKey, 'POST', '/api/messaging/conversations/not-a-uuid/messages', { text: 'Hi' })).status).toBe(400);
    expect(await fixtureSql('SELECT 1 FROM run_actions WHERE conversation_id = $1', [conversationId])).toEqual([]);
  });
});

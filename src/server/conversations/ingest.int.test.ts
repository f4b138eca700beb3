import { describe, expect, it } from 'vitest';
import { api, keyFor, newWorkspace } from '../testing/fixtures';
import { conversationSchema, ingestResultSchema } from '../../domain/contract/conversations';
import { ingest } from '../testing/conversations';

const validBody = (accountId: string) => ({
  accountId,
  externalConversationId: 'c-1',
  externalMessageId: 'm-1',
  contact: {
    name: 'Grace Hopper',
    headline: 'Rear Admiral',
    avatarUrl: 'https://img.example/g.png',
    profileUrl: 'https://pn.example/in/grace',
  },
  direction: 'inbound',
  text: 'Hi there',
  sentAt: '2026-03-01T10:00:00.000Z',
});

describe('POST /api/messaging/messages (contract 7 ingest)', () => {
  it('creates the conversation (201), then answers the same externalMessageId with 200 and the same ids, changing nothing', async () => {
    const ws = await newWorkspace();
    const first = await api(ws.apiKey, 'POST', '/api/messaging/messages', validBody(ws.accounts.whatsapp));
    expect(first.status).toBe(201);
    expect(ingestResultSchema.parse(first.body)).toEqual(first.body);
    const again = await api(ws.apiKey, 'POST', '/api/messaging/messages', {
      ...validBody(ws.accounts.whatsapp),
      text: 'changed?',
      sentAt: '2027-01-01T00:00:00Z',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const list = await api(ws.apiKey, 'GET', '/api/messaging/conversations');
    expect(list.body.items).toHaveLength(1);
    const conv = conversationSchema.parse(list.body.items[0]);
    expect(conv).toMatchObject({
      id: first.body.conversationId,
      accountId: ws.accounts.whatsapp,
      channel: 'messaging_app',
      contact: {
        name: 'Grace Hopper',
        headline: 'Rear Admiral',
        avatarUrl: 'https://img.example/g.png',
        profileUrl: 'https://pn.example/in/grace',
      },
      lastMessage: { text: 'Hi there', direction: 'inbound', at: '2026-03-01T10:00:00.000Z' },
      unreadCount: 1,
      tags: [],
      replyState: 'need_to_reply',
    });
  });

  it('stores the contact’s profile by the profile URL rule, never refusing one (contract 10.3)', async () => {
    const ws = await newWorkspace();
    const spelled = async (n: number, profileUrl: string) => {
      const body = { ...validBody(ws.accounts.linkedinFree), externalConversationId: `c-${n}`, externalMessageId: `m-${n}` };
      expect((await api(ws.apiKey, 'POST', '/api/messaging/messages', { ...body, contact: { ...body.contact, profileUrl } })).status).toBe(
        201,
      );
    };
    await spelled(1, 'http://UK.linkedin.com/in/Grace-Hopper/?trk=x');
    await spelled(2, 'https://twitter.com/grace/');
    const items = (await api(ws.apiKey, 'GET', '/api/messaging/conversations')).body.items.map(conversationSchema.parse);
    expect(items.map((c: { contact: { profileUrl: string | null } }) => c.contact.profileUrl).sort()).toEqual([
      'https://twitter.com/grace',
      'https://www.linkedin.com/in/grace-hopper',
    ]);
  });

  it('20 concurrent ingests of one message create exactly one message', async () => {
    const ws = await newWorkspace();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api(ws.apiKey, 'POST', '/api/messaging/messages', validBody(ws.accounts.linkedinFree))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.messageId)).size).toBe(1);
    const conv = (await api(ws.apiKey, 'GET', '/api/messaging/conversations')).body.items[0];
    expect(conv.unreadCount).toBe(1);
    const thread = await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conv.id}/messages`);
    expect(thread.body.items).toHaveLength(1);
  });

  it('moves the last message only to a newer one; inbound adds unread, a newer outbound clears it', async () => {
    const ws = await newWorkspace();
    const base = { externalConversationId: 'thread', contact: { name: 'Linus' } };
    const { conversationId } = await ingest(ws, { ...base, text: 'first in', sentAt: '2026-01-01T10:00:00Z' });
    await ingest(ws, { ...base, text: 'second in', sentAt: '2026-01-01T11:00:00Z' });
    await ingest(ws, { ...base, text: 'older backfill', sentAt: '2025-12-31T09:00:00Z', contact: { name: 'Old Name' } });
    let conv = (await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}`)).body;
    expect(conv.lastMessage).toEqual({ text: 'second in', direction: 'inbound', at: '2026-01-01T11:00:00.000Z' });
    expect(conv.unreadCount).toBe(3);
    expect(conv.contact.name).toBe('Linus');
    expect(conv.replyState).toBe('need_to_reply');
    // the same instant as the last message is not newer: nothing moves
    await ingest(ws, { ...base, text: 'same instant', sentAt: '2026-01-01T12:00:00+01:00' });
    conv = (await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}`)).body;
    expect(conv.lastMessage).toEqual({ text: 'second in', direction: 'inbound', at: '2026-01-01T11:00:00.000Z' });
    expect(conv.unreadCount).toBe(4);
    await ingest(ws, { ...base, direction: 'outbound', text: 'our reply', sentAt: '2026-01-01T12:30:00+01:00' });
    conv = (await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}`)).body;
    expect(conv).toMatchObject({
      lastMessage: { text: 'our reply', direction: 'outbound', at: '2026-01-01T11:30:00.000Z' },
      unreadCount: 0,
    });
    await ingest(ws, { ...base, direction: 'outbound', text: 'follow-up', sentAt: '2026-01-02T08:00:00Z' });
    conv = (await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}`)).body;
    expect(conv).toMatchObject({ lastMessage: { text: 'follow-up', direction: 'outbound' }, unreadCount: 0, replyState: 'awaiting_reply' });
    const thread = (await api(ws.apiKey, 'GET', `/api/messaging/conversations/${conversationId}/messages`)).body.items;
    expect(thread.map((m: any) => m.text).filter((t: string) => t !== 'same instant')).toEqual([
      'older backfill',
      'first in',
      'second in',
      'our reply',
      'follow-up',
    ]);
    expect(thread).toHaveLength(6);
  });

  it('takes the channel from the account and refuses accounts of other workspaces (404)', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', validBody(other.accounts.whatsapp));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const nil = await api(ws.apiKey, 'POST', '/api/messaging/messages', validBody('00000000-0000-0000-0000-000000000000'));
    expect(nil.status).toBe(404);
    expect((await api(ws.apiKey, 'GET', '/api/messaging/conversations')).body.items).toEqual([]);
  });

  const bad: [string, (b: any) => unknown, string][] = [
    ['missing text', (b) => ({ ...b, text: undefined }), 'text'],
    ['unknown property', (b) => ({ ...b, extra: 1 }), 'extra'],
    ['unknown contact property', (b) => ({ ...b, contact: { ...b.contact, email: 'x@y.z' } }), 'contact.email'],
    ['empty contact name', (b) => ({ ...b, contact: { name: '  ' } }), 'contact.name'],
    ['bad direction', (b) => ({ ...b, direction: 'sideways' }), 'direction'],
    ['accountId not a UUID', (b) => ({ ...b, accountId: 'acc-1' }), 'accountId'],
    ['sentAt not a date-time', (b) => ({ ...b, sentAt: '2026-02-30' }), 'sentAt'],
    ['sentAt impossible date', (b) => ({ ...b, sentAt: '2026-02-30T10:00:00Z' }), 'sentAt'],
    ['empty externalMessageId', (b) => ({ ...b, externalMessageId: '' }), 'externalMessageId'],
    ['javascript: profile URL', (b) => ({ ...b, contact: { ...b.contact, profileUrl: 'javascript:alert(1)' } }), 'contact.profileUrl'],
    ['text a number', (b) => ({ ...b, text: 42 }), 'text'],
    ['body an array', () => [], ''],
    ['NUL character in text', (b) => ({ ...b, text: 'a\u0000b' }), 'text'],
    ['NUL character in contact name', (b) => ({ ...b, contact: { name: 'x\u0000' } }), 'contact.name'],
  ];
  it.each(bad)('400 invalid_request with errors[] for %s, and nothing is stored', async (_name, mutate, path) => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', mutate(validBody(ws.accounts.linkedinFree)));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.length).toBeGreaterThan(0);
    if (path) expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    expect((await api(ws.apiKey, 'GET', '/api/messaging/conversations')).body.items).toEqual([]);
  });

  it('400 for malformed JSON and an empty body', async () => {
    const ws = await newWorkspace();
    for (const raw of ['{"accountId":', '']) {
      const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', raw, { 'Content-Type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
  });

  it('workspace selection: required with a multi-workspace key, not_found for foreign ones, slug accepted', async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const both = await keyFor([a.workspaceId, b.workspaceId]);
    const body = validBody(a.accounts.linkedinFree);
    expect((await api(both, 'POST', '/api/messaging/messages', body)).body.code).toBe('workspace_required');
    const other = await newWorkspace();
    const foreign = await api(both, 'POST', '/api/messaging/messages', { ...body, workspaceId: other.workspaceId });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'workspace_not_found']);
    expect((await api(both, 'POST', '/api/messaging/messages', { ...body, workspaceId: a.slug })).status).toBe(201);
    expect((await api(both, 'POST', '/api/messaging/messages', { ...body, workspaceId: b.workspaceId })).status).toBe(404);
  });
});

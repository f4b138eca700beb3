import { describe, expect, it } from 'vitest';
import { api, newWorkspace } from '../testing/fixtures';
import { accountListSchema, conversationSchema, messagePageSchema } from '../../domain/contract/conversations';
import { allPages, ingest } from '../testing/conversations';

const CONV = '/api/messaging/conversations';

describe('conversation extensions (contract 7)', () => {
  it('GET /api/messaging/accounts lists the workspace accounts only', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const res = await api(ws.apiKey, 'GET', '/api/messaging/accounts');
    expect(res.status).toBe(200);
    const { items } = accountListSchema.parse(res.body);
    expect(items.map((a) => a.id).sort()).toEqual(Object.values(ws.accounts).sort());
    expect(items.find((a) => a.id === ws.accounts.linkedinPremium)).toMatchObject({ channel: 'professional_network', premium: true });
    expect(items.find((a) => a.id === ws.accounts.whatsapp)).toMatchObject({ channel: 'messaging_app', premium: false });
    expect(items.some((a) => Object.values(other.accounts).includes(a.id))).toBe(false);
  });

  it('GET …/{id}/messages: oldest first, paginated, scoped to the workspace', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    let conversationId = '';
    for (let i = 0; i < 7; i++) {
      const r = await ingest(ws, {
        externalConversationId: 'long',
        direction: i % 2 ? 'outbound' : 'inbound',
        text: `m${i}`,
        sentAt: new Date(Date.UTC(2026, 1, 1, 7 - i)).toISOString(),
      });
      conversationId = r.conversationId;
    }
    const first = await api(ws.apiKey, 'GET', `${CONV}/${conversationId}/messages?limit=3`);
    expect(first.status).toBe(200);
    const page = messagePageSchema.parse(first.body);
    expect(page.items.map((m) => m.text)).toEqual(['m6', 'm5', 'm4']);
    expect(page.items[0]).toMatchObject({ conversationId, direction: 'inbound', sentAt: '2026-02-01T01:00:00.000Z' });
    const all = await allPages(ws.apiKey, `${CONV}/${conversationId}/messages?limit=3`);
    expect(all.map((m) => m.text)).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
    // the cursor belongs to this conversation
    const otherConv = (await ingest(ws, { externalConversationId: 'short' })).conversationId;
    const wrong = await api(ws.apiKey, 'GET', `${CONV}/${otherConv}/messages?cursor=${encodeURIComponent(page.nextCursor!)}`);
    expect(wrong.body.code).toBe('invalid_cursor');
    expect((await api(other.apiKey, 'GET', `${CONV}/${conversationId}/messages`)).status).toBe(404);
    expect((await api(other.apiKey, 'GET', `${CONV}/${conversationId}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `${CONV}/00000000-0000-0000-0000-000000000000/messages`)).body.code).toBe('not_found');
    for (const bad of ['nope', '123', `${conversationId}x`]) {
      const res = await api(ws.apiKey, 'GET', `${CONV}/${bad}/messages`);
      expect([res.status, res.body.code, res.body.errors?.[0]?.path]).toEqual([400, 'invalid_request', 'id']);
    }
    expect((await api(ws.apiKey, 'GET', `${CONV}/${conversationId}/messages?limit=0`)).status).toBe(400);
  });

  it('PUT …/{id}/tags replaces tags, keeps display case, drops case-duplicates, returns the conversation', async () => {
    const ws = await newWorkspace();
    const { conversationId } = await ingest(ws);
    const res = await api(ws.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, { tags: [' Hot-Lead ', 'partner', 'HOT-LEAD', 'Follow-up'] });
    expect(res.status).toBe(200);
    expect(conversationSchema.parse(res.body)).toMatchObject({ id: conversationId, tags: ['Hot-Lead', 'partner', 'Follow-up'] });
    const cleared = await api(ws.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, { tags: [] });
    expect(cleared.body.tags).toEqual([]);
    expect((await api(ws.apiKey, 'GET', `${CONV}?tagFilter=partner`)).body.items).toEqual([]);
  });

  const badTags: [string, unknown, string][] = [
    ['missing tags', {}, 'tags'],
    ['tags not an array', { tags: 'hot' }, 'tags'],
    ['empty tag', { tags: ['ok', ''] }, 'tags.1'],
    ['blank tag', { tags: ['   '] }, 'tags.0'],
    ['51 characters', { tags: ['x'.repeat(51)] }, 'tags.0'],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ['number tag', { tags: [7] }, 'tags.0'],
    ['null tag', { tags: [null] }, 'tags.0'],
    ['unknown property', { tags: [], color: 'red' }, 'color'],
    ['NUL character', { tags: ['ok', 'a\u0000'] }, 'tags.1'],
  ];
  it.each(badTags)('PUT tags: 400 for %s and the tags stay', async (_n, body, path) => {
    const ws = await newWorkspace();
    const { conversationId } = await ingest(ws);
    await api(ws.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, { tags: ['keep'] });
    const res = await api(ws.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, body);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_request']);
    expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    expect((await api(ws.apiKey, 'GET', `${CONV}/${conversationId}`)).body.tags).toEqual(['keep']);
  });

  it('PUT tags: 50 characters and 20 tags are fine; foreign → 404; bad id → 400', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const { conversationId } = await ingest(ws);
    const max = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'x'));
    expect((await api(ws.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, { tags: max })).body.tags).toEqual(max);
    const foreign = await api(other.apiKey, 'PUT', `${CONV}/${conversationId}/tags`, { tags: ['mine'] });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
    expect((await api(ws.apiKey, 'GET', `${CONV}/${conversationId}`)).body.tags).toEqual(max);
    expect((await api(ws.apiKey, 'PUT', `${CONV}/not-a-uuid/tags`, { tags: [] })).status).toBe(400);
  });
});

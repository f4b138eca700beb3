import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountListSchema,
  bulkResultSchema,
  conversationPageSchema,
  conversationSchema,
  stepStatsSchema,
  tagListSchema,
} from '../../domain/contract/conversations';
import { createDraft } from '../testing/campaigns';
import { api, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { ingest } from '../testing/conversations';

const LIST = '/api/messaging/conversations';
const BULK = `${LIST}/bulk`;
const NIL = '00000000-0000-0000-0000-000000000000';

const get = async (ws: TestWorkspace, id: string) => conversationSchema.parse((await api(ws.apiKey, 'GET', `${LIST}/${id}`)).body);
const names = async (ws: TestWorkspace, query: string) =>
  conversationPageSchema.parse((await api(ws.apiKey, 'GET', `${LIST}?${query}`)).body).items.map((c) => c.contact.name);

describe('contract 8.2 inbox operations', () => {
  let ws: TestWorkspace;
  let other: TestWorkspace;
  let campaign: { campaignId: string; name: string };
  let foreignCampaign: { campaignId: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [ws, other] = [await newWorkspace(), await newWorkspace()];
    campaign = await createDraft(ws, { name: 'Founders Q3' });
    foreignCampaign = await createDraft(other);
    const add = async (key: string, over: Record<string, unknown> = {}) =>
      (ids[key] = (await ingest(ws, { externalConversationId: key, contact: { name: key }, ...over })).conversationId);
    await add('ada', { campaignId: campaign.campaignId, nodeId: 'connection_request' });
    await add('bob', { campaignId: campaign.campaignId, nodeId: 'connection_request', direction: 'outbound' });
    await add('cleo', { campaignId: campaign.campaignId });
    await add('dan');
    ids.foreign = (await ingest(other, { externalConversationId: 'x', contact: { name: 'foreign' } })).conversationId;
  });

  describe('campaign context on ingest', () => {
    it('the conversation record carries campaign {campaignId, name, nodeId}; none → null', async () => {
      expect((await get(ws, ids.ada)).campaign).toEqual({
        campaignId: campaign.campaignId,
        name: 'Founders Q3',
        nodeId: 'connection_request',
      });
      expect((await get(ws, ids.cleo)).campaign).toEqual({ campaignId: campaign.campaignId, name: 'Founders Q3', nodeId: null });
      expect((await get(ws, ids.dan)).campaign).toBeNull();
    });

    it('the first non-null campaign sticks; a later message without or with another step changes nothing', async () => {
      await ingest(ws, { externalConversationId: 'ada', contact: { name: 'ada' }, text: 'again' });
      await ingest(ws, { externalConversationId: 'ada', contact: { name: 'ada' }, campaignId: campaign.campaignId, nodeId: 'end' });
      expect((await get(ws, ids.ada)).campaign?.nodeId).toBe('connection_request');
      // dan had none: a later message links it
      await ingest(ws, { externalConversationId: 'dan', contact: { name: 'dan' }, campaignId: campaign.campaignId, nodeId: 'end' });
      expect((await get(ws, ids.dan)).campaign).toMatchObject({ campaignId: campaign.campaignId, nodeId: 'end' });
    });

    it.each([
      ['a foreign campaign', () => ({ campaignId: foreignCampaign.campaignId }), 'campaignId'],
      ['an unknown campaign', () => ({ campaignId: NIL }), 'campaignId'],
      ['a campaign id that is not a UUID', () => ({ campaignId: 'nope' }), 'campaignId'],
      ['a step not in the campaign', () => ({ campaignId: campaign.campaignId, nodeId: 'ghost' }), 'nodeId'],
      ['a step without a campaign', () => ({ nodeId: 'connection_request' }), 'nodeId'],
    ])('400 invalid_request at that path for %s, nothing stored', async (_, over, path) => {
      const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', {
        accountId: ws.accounts.linkedinPremium,
        externalConversationId: 'refused',
        externalMessageId: `refused-${path}`,
        contact: { name: 'Refused' },
        direction: 'inbound',
        text: 'x',
        sentAt: '2026-01-01T00:00:00Z',
        ...over(),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await names(ws, 'search=Refused')).toEqual([]);
    });

    it('contract 8.4: sentAt outside years 1..9999 in UTC and U+0000 are 400, not 5xx', async () => {
      for (const over of [{ sentAt: '0000-12-31T23:00:00Z' }, { sentAt: '9999-12-31T23:00:00-02:00' }, { text: 'a\u0000b' }]) {
        const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', {
          accountId: ws.accounts.linkedinPremium,
          externalConversationId: 'bounds',
          externalMessageId: 'bounds',
          contact: { name: 'Bounds' },
          direction: 'inbound',
          text: 'x',
          sentAt: '2026-01-01T00:00:00Z',
          ...over,
        });
        expect(res.status).toBe(400);
      }
    });
  });

  describe('filters', () => {
    it('campaignId, campaignId + nodeId; foreign campaign matches nothing; nodeId alone is 400', async () => {
      expect((await names(ws, `campaignId=${campaign.campaignId}`)).sort()).toEqual(['ada', 'bob', 'cleo', 'dan']);
      expect((await names(ws, `campaignId=${campaign.campaignId}&nodeId=connection_request`)).sort()).toEqual(['ada', 'bob']);
      expect(await names(ws, `campaignId=${foreignCampaign.campaignId}`)).toEqual([]);
      const res = await api(ws.apiKey, 'GET', `${LIST}?nodeId=end`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('nodeId');
      expect((await api(ws.apiKey, 'GET', `${LIST}?unread=yes`)).status).toBe(400);
    });

    it('unread=true|false, combined with a campaign; a cursor is bound to the unread filter', async () => {
      await api(ws.apiKey, 'PATCH', `${LIST}/${ids.cleo}`, { read: true });
      expect((await names(ws, 'unread=true')).sort()).toEqual(['ada', 'dan']);
      expect((await names(ws, 'unread=false')).sort()).toEqual(['bob', 'cleo']);
      expect(await names(ws, `unread=true&campaignId=${campaign.campaignId}&nodeId=connection_request`)).toEqual(['ada']);
      const first = await api(ws.apiKey, 'GET', `${LIST}?unread=true&limit=1`);
      const reused = await api(ws.apiKey, 'GET', `${LIST}?unread=false&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(reused.body.code).toBe('invalid_cursor');
    });
  });

  describe('PATCH /api/messaging/conversations/{id}', () => {
    it('read: true clears unreadCount, read: false makes it at least 1; idempotent', async () => {
      const read = await api(ws.apiKey, 'PATCH', `${LIST}/${ids.ada}`, { read: true });
      expect(read.status).toBe(200);
      expect(conversationSchema.parse(read.body)).toMatchObject({ id: ids.ada, unreadCount: 0 });
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${ids.ada}`, { read: true })).body.unreadCount).toBe(0);
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${ids.ada}`, { read: false })).body.unreadCount).toBe(1);
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${ids.ada}`, { read: false })).body.unreadCount).toBe(1);
    });

    it('a conversation with several unread keeps its count on read: false', async () => {
      const id = (await ingest(ws, { externalConversationId: 'many', contact: { name: 'many' } })).conversationId;
      await ingest(ws, { externalConversationId: 'many', contact: { name: 'many' } });
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${id}`, { read: false })).body.unreadCount).toBe(2);
    });

    it.each([
      [{}, 400],
      [{ read: 'yes' }, 400],
      [{ read: true, extra: 1 }, 400],
    ])('%j → %i and nothing changes', async (body, status) => {
      const before = await get(ws, ids.bob);
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${ids.bob}`, body)).status).toBe(status);
      expect(await get(ws, ids.bob)).toEqual(before);
    });

    it('foreign or unknown → 404; bad id → 400', async () => {
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${ids.foreign}`, { read: true })).body.code).toBe('not_found');
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/${NIL}`, { read: true })).status).toBe(404);
      expect((await api(ws.apiKey, 'PATCH', `${LIST}/nope`, { read: true })).status).toBe(400);
      expect((await api(other.apiKey, 'GET', `${LIST}/${ids.foreign}`)).body.unreadCount).toBe(1);
    });
  });

  describe('POST /api/messaging/conversations/bulk', () => {
    it('mark_read / mark_unread over several conversations', async () => {
      const res = await api(ws.apiKey, 'POST', BULK, { conversationIds: [ids.ada, ids.bob, ids.ada], action: 'mark_read' });
      expect(res.status).toBe(200);
      expect(bulkResultSchema.parse(res.body)).toEqual({ updated: 2 });
      expect((await get(ws, ids.ada)).unreadCount).toBe(0);
      await api(ws.apiKey, 'POST', BULK, { conversationIds: [ids.ada, ids.bob], action: 'mark_unread' });
      expect([(await get(ws, ids.ada)).unreadCount, (await get(ws, ids.bob)).unreadCount]).toEqual([1, 1]);
    });

    it('add_tag keeps the display case and skips conversations that have it in any case; remove_tag matches any case', async () => {
      await api(ws.apiKey, 'PUT', `${LIST}/${ids.bob}/tags`, { tags: ['hot-lead', 'partner'] });
      const add = await api(ws.apiKey, 'POST', BULK, { conversationIds: [ids.ada, ids.bob], action: 'add_tag', tag: ' Hot-Lead ' });
      expect(add.body).toEqual({ updated: 2 });
      expect((await get(ws, ids.ada)).tags).toEqual(['Hot-Lead']);
      expect((await get(ws, ids.bob)).tags).toEqual(['hot-lead', 'partner']);
      expect((await names(ws, 'tagFilter=HOT-LEAD')).sort()).toEqual(['ada', 'bob']);
      await api(ws.apiKey, 'POST', BULK, { conversationIds: [ids.ada, ids.bob], action: 'remove_tag', tag: 'HOT-lead' });
      expect((await get(ws, ids.ada)).tags).toEqual([]);
      expect((await get(ws, ids.bob)).tags).toEqual(['partner']);
      expect(await names(ws, 'tagFilter=hot-lead')).toEqual([]);
    });

    it('all or nothing: a foreign id → 404 naming it, and nothing changed (read state nor tags)', async () => {
      const before = [await get(ws, ids.ada), await get(ws, ids.bob)];
      for (const action of ['mark_read', 'add_tag'] as const) {
        const res = await api(ws.apiKey, 'POST', BULK, {
          conversationIds: [ids.ada, ids.foreign, ids.bob],
          action,
          ...(action === 'add_tag' ? { tag: 'vip' } : {}),
        });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
        expect(res.body.detail).toContain(ids.foreign);
        expect(res.body.errors).toEqual([{ path: 'conversationIds.1', message: expect.any(String) }]);
      }
      expect([await get(ws, ids.ada), await get(ws, ids.bob)]).toEqual(before);
      // the other workspace's conversation is untouched too
      expect((await api(other.apiKey, 'GET', `${LIST}/${ids.foreign}`)).body).toMatchObject({ unreadCount: 1, tags: [] });
    });

    it('all or nothing: a conversation already at 20 tags refuses add_tag for every id', async () => {
      const tags = Array.from({ length: 20 }, (_, i) => `t${i}`);
      await api(ws.apiKey, 'PUT', `${LIST}/${ids.cleo}/tags`, { tags });
      const res = await api(ws.apiKey, 'POST', BULK, { conversationIds: [ids.dan, ids.cleo], action: 'add_tag', tag: 'one-more' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('conversationIds.1');
      expect((await get(ws, ids.dan)).tags).toEqual([]);
      expect((await get(ws, ids.cleo)).tags).toEqual(tags);
    });

    it.each([
      ['no ids', { conversationIds: [], action: 'mark_read' }, 'conversationIds'],
      ['201 ids', { conversationIds: Array.from({ length: 201 }, () => NIL), action: 'mark_read' }, 'conversationIds'],
      ['a bad id', { conversationIds: ['nope'], action: 'mark_read' }, 'conversationIds.0'],
      ['an unknown action', { conversationIds: [NIL], action: 'archive' }, 'action'],
      ['add_tag without tag', { conversationIds: [NIL], action: 'add_tag' }, 'tag'],
      ['mark_read with a tag', { conversationIds: [NIL], action: 'mark_read', tag: 'x' }, 'tag'],
      ['a tag of 51 characters', { conversationIds: [NIL], action: 'add_tag', tag: 'x'.repeat(51) }, 'tag'],
      ['an unknown property', { conversationIds: [NIL], action: 'mark_read', extra: true }, 'extra'],
    ])('400 invalid_request for %s', async (_, body, path) => {
      const res = await api(ws.apiKey, 'POST', BULK, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    });

    it('200 ids is fine (unknown ones → 404)', async () => {
      const res = await api(ws.apiKey, 'POST', BULK, { conversationIds: Array.from({ length: 200 }, () => NIL), action: 'mark_read' });
      expect(res.status).toBe(404);
    });
  });

  describe('GET /api/v1/campaigns/{campaignId}/step-stats', () => {
    it('counts conversations, replied and need-to-reply per step', async () => {
      const c = await createDraft(ws, { name: 'Stats' });
      const link = { campaignId: c.campaignId, nodeId: 'connection_request' };
      await ingest(ws, { externalConversationId: 's1', ...link, direction: 'outbound' }); // no reply yet
      await ingest(ws, { externalConversationId: 's2', ...link, direction: 'outbound' });
      await ingest(ws, { externalConversationId: 's2', direction: 'inbound' }); // replied, needs our reply
      await ingest(ws, { externalConversationId: 's3', ...link, direction: 'inbound' });
      await ingest(ws, { externalConversationId: 's3', direction: 'outbound' }); // replied, we answered
      await ingest(ws, { externalConversationId: 's4', campaignId: c.campaignId, nodeId: 'end', direction: 'outbound' });
      await ingest(ws, { externalConversationId: 's5', campaignId: c.campaignId }); // no step: not counted
      const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${c.campaignId}/step-stats`);
      expect(res.status).toBe(200);
      expect(stepStatsSchema.parse(res.body).items).toEqual([
        { nodeId: 'connection_request', conversations: 3, replied: 2, needToReply: 1 },
        { nodeId: 'end', conversations: 1, replied: 0, needToReply: 0 },
      ]);
    });

    it('a campaign without conversations has no items; foreign/unknown → 404; bad id → 400', async () => {
      const c = await createDraft(ws, { name: 'Empty' });
      expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${c.campaignId}/step-stats`)).body).toEqual({ items: [] });
      expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${foreignCampaign.campaignId}/step-stats`)).body.code).toBe('not_found');
      expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${NIL}/step-stats`)).status).toBe(404);
      expect((await api(ws.apiKey, 'GET', '/api/v1/campaigns/nope/step-stats')).status).toBe(400);
    });
  });
});

describe('GET /api/messaging/tags and account unread counts', () => {
  it('lists each tag once (any case), most used first, workspace only; accounts carry unreadConversations', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const a = (await ingest(ws, { externalConversationId: 'a' })).conversationId;
    const b = (await ingest(ws, { externalConversationId: 'b', accountId: ws.accounts.whatsapp })).conversationId;
    await api(ws.apiKey, 'PUT', `/api/messaging/conversations/${a}/tags`, { tags: ['Hot', 'partner'] });
    await api(ws.apiKey, 'PUT', `/api/messaging/conversations/${b}/tags`, { tags: ['hot'] });
    const o = (await ingest(other, { externalConversationId: 'o' })).conversationId;
    await api(other.apiKey, 'PUT', `/api/messaging/conversations/${o}/tags`, { tags: ['secret'] });
    const res = await api(ws.apiKey, 'GET', '/api/messaging/tags');
    // one spelling per case-insensitive tag (which one depends on the database's collation)
    expect(tagListSchema.parse(res.body).items.map((t) => [t.tag.toLowerCase(), t.conversations])).toEqual([
      ['hot', 2],
      ['partner', 1],
    ]);
    await api(ws.apiKey, 'PATCH', `/api/messaging/conversations/${b}`, { read: true });
    const accounts = accountListSchema.parse((await api(ws.apiKey, 'GET', '/api/messaging/accounts')).body).items;
    const unread = Object.fromEntries(accounts.map((x) => [x.id, x.unreadConversations]));
    expect(unread).toEqual({ [ws.accounts.linkedinPremium]: 1, [ws.accounts.linkedinFree]: 0, [ws.accounts.whatsapp]: 0 });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { api, keyFor, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { conversationPageSchema } from '../../domain/contract/conversations';
import { allPages, ingest } from '../testing/conversations';

const LIST = '/api/messaging/conversations';
const names = (items: any[]) => items.map((c) => c.contact.name);

describe('GET /api/messaging/conversations (spec 4.2, contract 4)', () => {
  let ws: TestWorkspace;
  let other: TestWorkspace;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [ws, other] = [await newWorkspace(), await newWorkspace()];
    const a = ws.accounts;
    const at = (h: number) => new Date(Date.UTC(2026, 4, 1, h)).toISOString();
    const add = async (key: string, accountId: string, name: string, headline: string, direction: string, text: string, h: number) =>
      (ids[key] = (
        await ingest(ws, { accountId, externalConversationId: key, contact: { name, headline }, direction, text, sentAt: at(h) })
      ).conversationId);
    await add('ada', a.linkedinPremium, 'Ada Lovelace', 'Analyst at Engines Ltd', 'inbound', 'Loved your post on looms', 1);
    await add('bob', a.linkedinFree, 'Bob Builder', 'CEO, Fixit & Co', 'outbound', 'Can we fix it? 100% yes', 2);
    await add('cleo', a.whatsapp, 'Cleo Patra', 'Queen of the Nile', 'inbound', 'Send me the pricing', 3);
    await add('dan', a.linkedinPremium, 'Dan Brown', 'Author', 'outbound', 'Thanks for connecting', 4);
    // an older message with a distinctive word: search must find it although it is not the last message
    await ingest(ws, {
      accountId: a.linkedinPremium,
      externalConversationId: 'dan',
      contact: { name: 'Dan Brown' },
      direction: 'inbound',
      text: 'the Symbologist meeting',
      sentAt: at(0),
    });
    await api(ws.apiKey, 'PUT', `${LIST}/${ids.ada}/tags`, { tags: ['Hot-Lead', 'partner'] });
    await api(ws.apiKey, 'PUT', `${LIST}/${ids.cleo}/tags`, { tags: ['hot-lead'] });
    await ingest(other, { externalConversationId: 'ada', contact: { name: 'Ada Lovelace' }, text: 'looms elsewhere' });
  });

  it('lists newest lastMessageAt first with the contract shape and nextCursor null on the last page', async () => {
    const res = await api(ws.apiKey, 'GET', LIST);
    expect(res.status).toBe(200);
    const page = conversationPageSchema.parse(res.body);
    expect(names(page.items)).toEqual(['Dan Brown', 'Cleo Patra', 'Bob Builder', 'Ada Lovelace']);
    expect(page.nextCursor).toBeNull();
    expect(page.items[2]).toMatchObject({ replyState: 'awaiting_reply', unreadCount: 0, channel: 'professional_network' });
    expect(page.items[1]).toMatchObject({ replyState: 'need_to_reply', unreadCount: 1, channel: 'messaging_app', tags: ['hot-lead'] });
  });

  const cases: [string, string, string[]][] = [
    ['channel', 'channel=messaging_app', ['Cleo Patra']],
    ['channel professional', 'channel=professional_network', ['Dan Brown', 'Bob Builder', 'Ada Lovelace']],
    ['accountIds one', 'accountIds=ACCOUNT_PREMIUM', ['Dan Brown', 'Ada Lovelace']],
    ['accountIds two with spaces', 'accountIds=ACCOUNT_PREMIUM, ACCOUNT_WA', ['Dan Brown', 'Cleo Patra', 'Ada Lovelace']],
    ['accountIds foreign only', 'accountIds=ACCOUNT_FOREIGN', []],
    ['accountIds foreign + own', 'accountIds=ACCOUNT_FOREIGN,ACCOUNT_WA', ['Cleo Patra']],
    ['accountIds malformed', 'accountIds=not-an-id', []],
    ['tagFilter any case', 'tagFilter=HOT-lead', ['Cleo Patra', 'Ada Lovelace']],
    ['tagFilter unknown', 'tagFilter=nope', []],
    ['replyFilter need_to_reply', 'replyFilter=need_to_reply', ['Cleo Patra', 'Ada Lovelace']],
    ['replyFilter awaiting_reply', 'replyFilter=awaiting_reply', ['Dan Brown', 'Bob Builder']],
    ['search name, any case', 'search=lovelace', ['Ada Lovelace']],
    ['search headline', 'search=nile', ['Cleo Patra']],
    ['search an older message', 'search=SYMBOLOGIST', ['Dan Brown']],
    ['search literal %', 'search=100%25', ['Bob Builder']],
    ['search literal _', 'search=_', []],
    ['search & in headline', 'search=Fixit %26', ['Bob Builder']],
    ['search + tag', 'search=looms&tagFilter=partner', ['Ada Lovelace']],
    ['search + channel (no match)', 'search=looms&channel=messaging_app', []],
    ['tag + reply + accounts', 'tagFilter=hot-lead&replyFilter=need_to_reply&accountIds=ACCOUNT_WA', ['Cleo Patra']],
    [
      'every filter',
      'channel=professional_network&accountIds=ACCOUNT_PREMIUM&search=engines&tagFilter=partner&replyFilter=need_to_reply&limit=5',
      ['Ada Lovelace'],
    ],
    [
      'empty values count as absent',
      'channel=&search=&tagFilter=&replyFilter=&accountIds=',
      ['Dan Brown', 'Cleo Patra', 'Bob Builder', 'Ada Lovelace'],
    ],
  ];
  it.each(cases)('filter: %s', async (_name, query, expected) => {
    const q = query
      .replace(/ACCOUNT_PREMIUM/g, ws.accounts.linkedinPremium)
      .replace(/ACCOUNT_WA/g, ws.accounts.whatsapp)
      .replace(/ACCOUNT_FOREIGN/g, other.accounts.linkedinPremium);
    const res = await api(ws.apiKey, 'GET', `${LIST}?${q}`);
    expect(res.status).toBe(200);
    expect(names(res.body.items)).toEqual(expected);
  });

  const badQueries: [string, string, string][] = [
    ['limit 0', 'limit=0', 'limit'],
    ['limit 251', 'limit=251', 'limit'],
    ['limit decimal', 'limit=10.5', 'limit'],
    ['limit exponent', 'limit=1e2', 'limit'],
    ['limit negative', 'limit=-1', 'limit'],
    ['limit text', 'limit=ten', 'limit'],
    ['channel unknown', 'channel=email', 'channel'],
    ['replyFilter unknown', 'replyFilter=all', 'replyFilter'],
  ];
  it.each(badQueries)('400 invalid_request for %s', async (_n, query, path) => {
    const res = await api(ws.apiKey, 'GET', `${LIST}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.map((e: any) => e.path)).toContain(path);
  });

  it('accepts limit 1 and 250', async () => {
    expect((await api(ws.apiKey, 'GET', `${LIST}?limit=1`)).body.items).toHaveLength(1);
    expect((await api(ws.apiKey, 'GET', `${LIST}?limit=250`)).body.items).toHaveLength(4);
  });

  it('pages with an opaque cursor bound to the filters', async () => {
    const p1 = await api(ws.apiKey, 'GET', `${LIST}?limit=2`);
    expect(names(p1.body.items)).toEqual(['Dan Brown', 'Cleo Patra']);
    const p2 = await api(ws.apiKey, 'GET', `${LIST}?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`);
    expect(names(p2.body.items)).toEqual(['Bob Builder', 'Ada Lovelace']);
    expect(p2.body.nextCursor).toBeNull();
    // the limit may change between pages
    const p2b = await api(ws.apiKey, 'GET', `${LIST}?limit=1&cursor=${encodeURIComponent(p1.body.nextCursor)}`);
    expect(names(p2b.body.items)).toEqual(['Bob Builder']);
    // other filters, another workspace, tampering, garbage: invalid_cursor
    const cursor = encodeURIComponent(p1.body.nextCursor);
    const [payload, mac] = p1.body.nextCursor.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), k: ['2030-01-01T00:00:00.000Z', ids.ada] }),
    ).toString('base64url');
    for (const [key, query] of [
      [ws.apiKey, `channel=professional_network&cursor=${cursor}`],
      [ws.apiKey, `search=a&cursor=${cursor}`],
      [other.apiKey, `cursor=${cursor}`],
      [ws.apiKey, `cursor=${tampered}.${mac}`],
      [ws.apiKey, 'cursor=garbage'],
      [ws.apiKey, 'cursor=a.b.c'],
      [ws.apiKey, `cursor=${encodeURIComponent('{"k":1}')}`],
    ]) {
      const res = await api(key, 'GET', `${LIST}?${query}`);
      expect([res.status, res.body.code]).toEqual([400, 'invalid_cursor']);
    }
  });

  it('walks pages without duplicates or gaps while new messages arrive', async () => {
    const w = await newWorkspace();
    for (let i = 0; i < 25; i++)
      await ingest(w, { externalConversationId: `p${i}`, sentAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const res: any = await api(w.apiKey, 'GET', `${LIST}?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...res.body.items.map((c: any) => c.id));
      cursor = res.body.nextCursor;
      // a brand-new, newer conversation lands on page 1 (already passed) and must not disturb the walk
      if (page++ === 1) await ingest(w, { externalConversationId: 'late', sentAt: '2026-06-01T00:00:00Z' });
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(await allPages(w.apiKey, `${LIST}?limit=7`)).toHaveLength(26);
  });

  it('orders ties on lastMessageAt by id', async () => {
    const w = await newWorkspace();
    for (let i = 0; i < 6; i++) await ingest(w, { externalConversationId: `t${i}`, sentAt: '2026-02-02T02:02:02.000Z' });
    const items = await allPages(w.apiKey, `${LIST}?limit=2`);
    const got = items.map((c) => c.id);
    expect(got).toEqual([...got].sort().reverse());
    expect(new Set(got).size).toBe(6);
  });

  it('isolates workspaces and checks the workspace selector', async () => {
    const theirs = await api(other.apiKey, 'GET', LIST);
    expect(names(theirs.body.items)).toEqual(['Ada Lovelace']);
    expect(theirs.body.items[0].id).not.toBe(ids.ada);
    const both = await keyFor([ws.workspaceId, other.workspaceId]);
    expect((await api(both, 'GET', LIST)).body.code).toBe('workspace_required');
    expect(names((await api(both, 'GET', `${LIST}?workspaceId=${other.slug}`)).body.items)).toEqual(['Ada Lovelace']);
    expect((await api(ws.apiKey, 'GET', `${LIST}?workspaceId=${other.workspaceId}`)).body.code).toBe('workspace_not_found');
    expect((await api(ws.apiKey, 'GET', `${LIST}?workspaceId=no-such-ws`)).status).toBe(404);
  });
});

describe('hostile query strings never cause a 5xx', () => {
  it.each([
    'search=%E0%A4%A',
    'search=%',
    'tagFilter=%ZZ',
    'cursor=%FF%FE',
    `cursor=${'x'.repeat(5000)}`,
    'limit=%31%30',
    'accountIds=%2C%2C%2C',
    'search=%00',
    'search=\\',
  ])('GET conversations?%s', async (query) => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'GET', `${LIST}?${query}`);
    expect(res.status).toBeLessThan(500);
  });

  it('a malformed percent-encoding in the path is a 4xx', async () => {
    const ws = await newWorkspace();
    expect((await api(ws.apiKey, 'GET', `${LIST}/%E0%A4%A/messages`)).status).toBeLessThan(500);
  });
});

import { describe, expect, it } from 'vitest';
import { allPages } from '../testing/conversations';
import { api, keyFor, newWorkspace } from '../testing/fixtures';
import { inspirationPageSchema, inspirationSchema } from '../../domain/contract/inspiration';

const PATH = '/api/v1/content/inspiration';
const image = { type: 'image', url: 'https://cdn.example/a.png', thumbnailUrl: null, width: 1200, height: 0 };
const full = {
  text: 'Cold outreach is dead. Long live warm outreach.',
  author: 'Jane Doe',
  url: 'https://pn.example/posts/1',
  providerId: 'urn:li:activity:1',
  notes: 'good hook',
  authorId: 'jane-1',
  authorUrl: 'https://pn.example/in/jane',
  linkedinAccountId: 'acc-123',
  reactions: 120,
  comments: 14,
  reposts: 0,
  observedAt: '2026-03-01T10:00:00Z',
  publishedAt: '2026-02-28T18:30:00+01:00',
  avatarUrl: 'https://cdn.example/jane.png',
  media: [image, { type: 'video', url: 'https://cdn.example/v.mp4', thumbnailUrl: 'https://cdn.example/v.jpg', width: null, height: null }],
};

describe('POST /api/v1/content/inspiration (spec 4.3, contract 4)', () => {
  it('201 with every input field, plus id, workspaceId, createdAt', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', PATH, { ...full, workspaceId: ws.slug });
    expect(res.status).toBe(201);
    const record = inspirationSchema.parse(res.body);
    expect(record).toEqual({ ...full, id: record.id, workspaceId: ws.workspaceId, createdAt: record.createdAt });
    expect(Date.now() - Date.parse(record.createdAt)).toBeLessThan(60_000);
    expect(record.createdAt).toMatch(/\.\d{3}Z$/);
    expect((await api(ws.apiKey, 'GET', `${PATH}/${record.id}`)).body).toEqual(record);
  });

  it('fills absent optional fields with null and media with []', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', PATH, { text: '' });
    expect(res.status).toBe(201);
    const { id, createdAt, workspaceId, ...rest } = res.body;
    expect(workspaceId).toBe(ws.workspaceId);
    expect(rest).toEqual({
      text: '',
      author: null,
      url: null,
      providerId: null,
      notes: null,
      authorId: null,
      authorUrl: null,
      linkedinAccountId: null,
      reactions: null,
      comments: null,
      reposts: null,
      observedAt: null,
      publishedAt: null,
      avatarUrl: null,
      media: [],
    });
    const nulls = {
      url: null,
      notes: null,
      authorId: null,
      authorUrl: null,
      linkedinAccountId: null,
      reactions: null,
      comments: null,
      reposts: null,
      publishedAt: null,
      avatarUrl: null,
    };
    const explicit = await api(ws.apiKey, 'POST', PATH, { text: 'x', ...nulls, media: [] });
    expect(explicit.status).toBe(201);
    expect(explicit.body).toMatchObject(nulls);
    expect(explicit.body.media).toEqual([]);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['unknown property', { extra: true }, 'extra'],
    ['missing text', { text: undefined }, 'text'],
    ['text null', { text: null }, 'text'],
    ['author null', { author: null }, 'author'],
    ['providerId null', { providerId: null }, 'providerId'],
    ['observedAt null', { observedAt: null }, 'observedAt'],
    ['publishedAt free text', { publishedAt: 'yesterday' }, 'publishedAt'],
    ['observedAt in year 0000', { observedAt: '0000-06-01T00:00:00Z' }, 'observedAt'],
    ['observedAt in year 10000', { observedAt: '+010000-01-01T00:00:00Z' }, 'observedAt'],
    ['media null', { media: null }, 'media'],
    ['five media items', { media: [image, image, image, image, image] }, 'media'],
    ['media item extra property', { media: [{ ...image, alt: 'x' }] }, 'media.0.alt'],
    [
      'media item missing thumbnailUrl',
      { media: [{ type: 'image', url: 'https://a.example/x', width: 1, height: 1 }] },
      'media.0.thumbnailUrl',
    ],
    ['media type audio', { media: [{ ...image, type: 'audio' }] }, 'media.0.type'],
    ['media bad url', { media: [{ ...image, url: 'not a url' }] }, 'media.0.url'],
    ['media bad thumbnailUrl', { media: [{ ...image, thumbnailUrl: 'nope' }] }, 'media.0.thumbnailUrl'],
    ['negative width', { media: [{ ...image, width: -1 }] }, 'media.0.width'],
    ['fractional height', { media: [{ ...image, height: 1.5 }] }, 'media.0.height'],
    ['avatarUrl not a URI', { avatarUrl: 'just text' }, 'avatarUrl'],
    ['reactions fractional', { reactions: 1.5 }, 'reactions'],
    ['comments a string', { comments: '3' }, 'comments'],
    ['reposts a boolean', { reposts: true }, 'reposts'],
    ['url a number', { url: 5 }, 'url'],
    ['workspaceId a number', { workspaceId: 7 }, 'workspaceId'],
    ['media not an array', { media: image }, 'media'],
    ['NUL character in text', { text: 'a\u0000b' }, 'text'],
    ['NUL character in a media URL', { media: [{ ...image, url: 'https://a.example/\u0000' }] }, 'media.0.url'],
  ];
  it.each(bad)('400 invalid_request for %s, nothing saved', async (_n, change, path) => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', PATH, { ...full, ...change });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    expect((await api(ws.apiKey, 'GET', PATH)).body.items).toEqual([]);
  });

  it('400 for malformed JSON and non-object bodies', async () => {
    const ws = await newWorkspace();
    for (const raw of ['{"text":', '"text"', 'null', '[]', '']) {
      const res = await api(ws.apiKey, 'POST', PATH, raw, { 'Content-Type': 'application/json' });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_request']);
    }
  });

  it('takes workspaceId from the body: required for multi-workspace keys, foreign → 404', async () => {
    const [a, b, c] = [await newWorkspace(), await newWorkspace(), await newWorkspace()];
    const both = await keyFor([a.workspaceId, b.workspaceId]);
    expect((await api(both, 'POST', PATH, { text: 'x' })).body.code).toBe('workspace_required');
    expect((await api(both, `POST`, `${PATH}?workspaceId=${a.workspaceId}`, { text: 'x' })).body.code).toBe('workspace_required');
    expect((await api(both, 'POST', PATH, { text: 'x', workspaceId: c.workspaceId })).body.code).toBe('workspace_not_found');
    const saved = await api(both, 'POST', PATH, { text: 'for b', workspaceId: b.slug });
    expect(saved.body.workspaceId).toBe(b.workspaceId);
    expect((await api(a.apiKey, 'GET', `${PATH}/${saved.body.id}`)).status).toBe(404);
    expect((await api(a.apiKey, 'GET', `${PATH}/nope`)).status).toBe(400);
  });
});

describe('GET /api/v1/content/inspiration (contract 7)', () => {
  it('pages newest first, searches text and author, isolates workspaces', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    for (let i = 0; i < 7; i++) await api(ws.apiKey, 'POST', PATH, { text: `post ${i}`, author: i % 2 ? 'Odd Author' : 'Even Author' });
    await api(other.apiKey, 'POST', PATH, { text: 'post foreign', author: 'Odd Author' });
    const first = await api(ws.apiKey, 'GET', `${PATH}?limit=3`);
    expect(first.status).toBe(200);
    const page = inspirationPageSchema.parse(first.body);
    expect(page.items.map((i) => i.text)).toEqual(['post 6', 'post 5', 'post 4']);
    const all = await allPages(ws.apiKey, `${PATH}?limit=3`);
    expect(all.map((i) => i.text)).toEqual(['post 6', 'post 5', 'post 4', 'post 3', 'post 2', 'post 1', 'post 0']);
    const odd = await allPages(ws.apiKey, `${PATH}?search=odd%20AUTHOR&limit=2`);
    expect(odd.map((i) => i.text)).toEqual(['post 5', 'post 3', 'post 1']);
    expect((await api(ws.apiKey, 'GET', `${PATH}?search=POST 4`)).body.items.map((i: any) => i.text)).toEqual(['post 4']);
    const bad = await api(ws.apiKey, 'GET', `${PATH}?search=odd&cursor=${encodeURIComponent(page.nextCursor!)}`);
    expect(bad.body.code).toBe('invalid_cursor');
    expect((await api(ws.apiKey, 'GET', `${PATH}?limit=500`)).body.code).toBe('invalid_request');
  });
});

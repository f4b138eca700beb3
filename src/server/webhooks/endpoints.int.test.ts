import { describe, expect, it } from 'vitest';
import { api, keyFor, newWorkspace } from '../testing/fixtures';
import { createdEndpointSchema, endpointPageSchema, endpointSchema } from './schemas';

const BASE = '/api/v1/webhook-endpoints';

describe('webhook endpoints (contract 6)', () => {
  it('creates (201, secret shown once), reads, lists, deletes', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', BASE, {
      url: 'https://hooks.example/in',
      eventTypes: ['inspiration.saved', 'inspiration.saved'],
    });
    expect(res.status).toBe(201);
    const created = createdEndpointSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'disabledReason', 'endpointId', 'eventTypes', 'secret', 'status', 'url']);
    expect(created.eventTypes).toEqual(['inspiration.saved']);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    const got = await api(ws.apiKey, 'GET', `${BASE}/${created.endpointId}`);
    expect(got.status).toBe(200);
    expect(endpointSchema.strict().parse(got.body)).toEqual({
      endpointId: created.endpointId,
      url: created.url,
      eventTypes: created.eventTypes,
      status: 'enabled',
      disabledReason: null,
      createdAt: created.createdAt,
    });
    const all = await api(ws.apiKey, 'POST', BASE, { url: 'http://hooks.example/all', eventTypes: [] });
    const list = endpointPageSchema.parse((await api(ws.apiKey, 'GET', BASE)).body);
    expect(list.items.map((e) => e.endpointId)).toEqual([all.body.endpointId, created.endpointId]);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    const page1 = await api(ws.apiKey, 'GET', `${BASE}?limit=1`);
    const page2 = await api(ws.apiKey, 'GET', `${BASE}?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
    expect([...page1.body.items, ...page2.body.items].map((e: any) => e.endpointId)).toEqual(list.items.map((e) => e.endpointId));
    expect(page2.body.nextCursor).toBeNull();
    expect((await api(ws.apiKey, 'DELETE', `${BASE}/${created.endpointId}`)).status).toBe(204);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${created.endpointId}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'DELETE', `${BASE}/${created.endpointId}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${created.endpointId}/deliveries`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', BASE)).body.items).toHaveLength(1);
  });

  it('never echoes the credentials of a URL (user:pass@) on create, read or list', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', BASE, { url: 'https://alice:s3cret@hooks.example/in', eventTypes: [] });
    expect(res.status).toBe(201);
    expect(res.body.url).toBe('https://***:***@hooks.example/in');
    const got = await api(ws.apiKey, 'GET', `${BASE}/${res.body.endpointId}`);
    const list = await api(ws.apiKey, 'GET', BASE);
    expect(JSON.stringify([res.body, got.body, list.body])).not.toMatch(/alice|s3cret/);
  });

  const bad: [string, unknown, string][] = [
    ['ftp URL', { url: 'ftp://hooks.example/x', eventTypes: [] }, 'url'],
    ['not a URL', { url: 'hooks', eventTypes: [] }, 'url'],
    ['javascript URL', { url: 'javascript:alert(1)', eventTypes: [] }, 'url'],
    ['missing url', { eventTypes: [] }, 'url'],
    ['unknown event type', { url: 'https://h.example', eventTypes: ['campaign.deleted'] }, 'eventTypes.0'],
    ['eventTypes missing', { url: 'https://h.example' }, 'eventTypes'],
    ['eventTypes a string', { url: 'https://h.example', eventTypes: 'inspiration.saved' }, 'eventTypes'],
    ['unknown property', { url: 'https://h.example', eventTypes: [], secret: 'mine' }, 'secret'],
  ];
  it.each(bad)('POST: 400 for %s, nothing created', async (_n, body, path) => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', BASE, body);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_request']);
    expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    expect((await api(ws.apiKey, 'GET', BASE)).body.items).toEqual([]);
  });

  it('isolates workspaces; bad ids are 400; workspace selector applies', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const { endpointId } = (await api(ws.apiKey, 'POST', BASE, { url: 'https://h.example', eventTypes: [] })).body;
    for (const [method, path] of [
      ['GET', `${BASE}/${endpointId}`],
      ['DELETE', `${BASE}/${endpointId}`],
      ['GET', `${BASE}/${endpointId}/deliveries`],
    ]) {
      const res = await api(other.apiKey, method, path);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    expect((await api(other.apiKey, 'GET', BASE)).body.items).toEqual([]);
    for (const [method, path] of [
      ['GET', `${BASE}/x`],
      ['DELETE', `${BASE}/123`],
      ['GET', `${BASE}/nope/deliveries`],
    ]) {
      const res = await api(ws.apiKey, method, path);
      expect([res.status, res.body.code, res.body.errors[0].path]).toEqual([400, 'invalid_request', 'endpointId']);
    }
    const both = await keyFor([ws.workspaceId, other.workspaceId]);
    expect((await api(both, 'GET', BASE)).body.code).toBe('workspace_required');
    expect((await api(both, 'POST', BASE, { url: 'https://h.example', eventTypes: [] })).body.code).toBe('workspace_required');
    expect((await api(both, 'GET', `${BASE}/${endpointId}?workspaceId=${ws.slug}`)).status).toBe(200);
    expect((await api(both, 'GET', `${BASE}/${endpointId}?workspaceId=${other.slug}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${endpointId}/deliveries?status=failed`)).status).toBe(400);
    expect((await api(ws.apiKey, 'GET', `${BASE}/${endpointId}/deliveries?cursor=zzz`)).body.code).toBe('invalid_cursor');
  });
});

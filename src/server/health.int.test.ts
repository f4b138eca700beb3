import { describe, expect, it } from 'vitest';
import { api, keyFor, newWorkspace, testEnv } from './testing/fixtures';

describe('server basics over real HTTP', () => {
  it('answers /healthz without a key', async () => {
    const res = await fetch(`${testEnv().baseUrl}/healthz`);
    expect(res.status).toBe(200);
  });

  it('answers 401 problem+json with WWW-Authenticate for missing, malformed and unknown keys', async () => {
    for (const auth of [undefined, 'Basic abc', 'Bearer nope-not-a-key-at-all-0000000']) {
      const res = await fetch(`${testEnv().baseUrl}/api/messaging/conversations`, { headers: auth ? { Authorization: auth } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await res.json()).code).toBe('unauthorized');
    }
  });

  it('answers unknown API routes with a 404 problem', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('refuses bodies over 1 MiB with 413 payload_too_large', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('gives fixture keys for several workspaces', async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    expect(typeof (await keyFor([a.workspaceId, b.workspaceId]))).toBe('string');
  });
});

describe('GET /api/workspaces', () => {
  it('lists exactly the workspaces the key grants', async () => {
    const [a, b, other] = [await newWorkspace(), await newWorkspace(), await newWorkspace()];
    const key = await keyFor([a.workspaceId, b.workspaceId]);
    const res = await api(key, 'GET', '/api/workspaces');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((w: { id: string }) => w.id).sort();
    expect(ids).toEqual([a.workspaceId, b.workspaceId].sort());
    expect(ids).not.toContain(other.workspaceId);
  });
});

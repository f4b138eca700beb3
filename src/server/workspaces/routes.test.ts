import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createWorkspace } from '../admin/ops';
import { createComputePool } from '../compute/pool';
import { loadConfig } from '../config';
import type { Db } from '../db/types';
import { authenticate, requireCaller, type AppEnv } from '../http/auth';
import { openMigratedPglite } from '../testing/migrated-pglite';
import { workspaceRoutes } from './routes';

/**
 * Contract 2 on an embedded database, without a server: a key made by the admin operations signs in
 * with the workspaces it grants, and GET /api/workspaces lists exactly those, by name then slug.
 */
describe('the workspaces of an API key', () => {
  let db: Db;
  let app: Hono<AppEnv>;
  let apiKey = '';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    db = await openMigratedPglite();
    for (const [slug, name] of [
      ['zeta', 'Acme'],
      ['alpha', 'Acme'],
      ['gamma', 'Beta'],
      ['other', 'Other'],
    ])
      ids[slug] = (await createWorkspace(db, slug, name)).workspaceId;
    apiKey = (await createApiKey(db, ['zeta', ids.alpha!, 'gamma'])).apiKey;
    app = new Hono<AppEnv>();
    app.use('/api/*', requireCaller(db, 10));
    app.route('/', workspaceRoutes({ db, config: loadConfig({}), stopping: new AbortController().signal, compute: createComputePool() }));
  }, 60_000);
  afterAll(() => db?.close());

  it('a key signs in with the workspaces it grants, by slug', async () => {
    const caller = await authenticate(db, `Bearer ${apiKey}`);
    expect(caller?.workspaces).toEqual(['alpha', 'gamma', 'zeta'].map((slug) => ({ id: ids[slug], slug })));
    expect(await authenticate(db, 'Bearer cs_not-a-key-of-this-database')).toBeUndefined();
  });

  it('GET /api/workspaces lists exactly the granted workspaces, by name then slug', async () => {
    const res = await app.request('/api/workspaces', { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        { id: ids.alpha, slug: 'alpha', name: 'Acme' },
        { id: ids.zeta, slug: 'zeta', name: 'Acme' },
        { id: ids.gamma, slug: 'gamma', name: 'Beta' },
      ],
    });
  });

  it('without a valid key: 401, nothing listed', async () => {
    const res = await app.request('/api/workspaces', { headers: { Authorization: 'Bearer cs_not-a-key-of-this-database' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { ApiError } from './errors';
import { authenticate, generateApiKey, hashApiKey, requireCaller, resolveWorkspace, type AppEnv, type Caller } from './auth';

/** Contract 2 as a caller sees it: who a key is, and which workspace a request lands in. */

const A = { id: '11111111-1111-4111-8111-111111111111', slug: 'acme' };
const B = { id: '22222222-2222-4222-8222-222222222222', slug: 'beta' };
const KEY = 'cs_0123456789abcdefghijklmnop';

/** A database that knows one key (by its hash) granting `grants`; counts lookups. */
function keyStore(grants: (typeof A)[]) {
  const db = {
    lookups: 0,
    async query<T>(_sql: string, params: unknown[] = []) {
      db.lookups += 1;
      if (params[0] !== hashApiKey(KEY)) return { rows: [] as T[], rowCount: 0 };
      const rows = grants.length ? grants.map((w) => ({ key_id: 'k1', id: w.id, slug: w.slug })) : [{ key_id: 'k1', id: null, slug: null }];
      return { rows: rows as T[], rowCount: rows.length };
    },
  };
  return db as typeof db & Db;
}

const fail = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('did not throw');
};

describe('authenticate', () => {
  it('a known bearer key is its caller with its workspaces', async () => {
    expect(await authenticate(keyStore([A, B]), `Bearer ${KEY}`)).toEqual({ keyId: 'k1', workspaces: [A, B] });
  });

  it('a key without workspaces is still a caller, with none', async () => {
    expect(await authenticate(keyStore([]), `Bearer ${KEY}`)).toEqual({ keyId: 'k1', workspaces: [] });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['another scheme', `Basic ${KEY}`],
    ['lower-case scheme', `bearer ${KEY}`],
    ['two spaces', `Bearer  ${KEY}`],
    ['trailing text', `Bearer ${KEY} x`],
    ['too short', 'Bearer abc'],
    ['a space inside', 'Bearer abcd efgh'],
    ['not ASCII', `Bearer ${KEY}é`],
    ['over 512 characters', `Bearer ${'a'.repeat(513)}`],
    ['unknown', 'Bearer cs_unknown-key-000000'],
  ])('%s → nobody', async (_name, header) => {
    const db = keyStore([A]);
    expect(await authenticate(db, header)).toBeUndefined();
  });

  it('malformed headers never reach the database', async () => {
    const db = keyStore([A]);
    await authenticate(db, 'Bearer short');
    await authenticate(db, undefined);
    expect(await authenticate(db, `xBearer ${KEY}`)).toBeUndefined();
    expect(await authenticate(db, `Bearer ${KEY} x`)).toBeUndefined();
    expect(db.lookups).toBe(0);
  });

  it('keys of 8 and of 512 characters are looked up', async () => {
    const db = keyStore([A]);
    await authenticate(db, `Bearer ${'a'.repeat(8)}`);
    await authenticate(db, `Bearer ${'a'.repeat(512)}`);
    expect(db.lookups).toBe(2);
  });

  it('new keys are long, prefixed and different each time; hashes are hex SHA-256', () => {
    const [a, b] = [generateApiKey(), generateApiKey()];
    expect(a).toMatch(/^cs_[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('requireCaller (the one auth middleware)', () => {
  const appOver = (db: Db) => {
    const app = new Hono<AppEnv>();
    app.use('*', requireCaller(db, 1000));
    app.get('/who', (c) => c.json(c.get('caller')));
    return app;
  };

  it('401 problem with WWW-Authenticate for an unknown key, and the caller for a known one', async () => {
    const app = appOver(keyStore([A]));
    const denied = await app.request('/who', { headers: { Authorization: 'Bearer nobody-knows-me' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(denied.headers.get('Content-Type')).toMatch(/application\/problem\+json/);
    expect(await denied.json()).toMatchObject({
      status: 401,
      code: 'unauthorized',
      detail: 'A valid API key is required: send Authorization: Bearer <API_KEY>.',
    });
    const allowed = await app.request('/who', { headers: { Authorization: `Bearer ${KEY}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ keyId: 'k1', workspaces: [A] });
    expect((await app.request('/who')).status).toBe(401);
  });

  it('remembers a known key (one lookup for many requests) and an unknown one (no lookup per request under a flood)', async () => {
    const db = keyStore([A]);
    const app = appOver(db);
    for (let i = 0; i < 3; i++) await app.request('/who', { headers: { Authorization: `Bearer ${KEY}` } });
    expect(db.lookups).toBe(1);
    for (let i = 0; i < 3; i++) await app.request('/who', { headers: { Authorization: 'Bearer nobody-knows-me' } });
    expect(db.lookups).toBe(2);
  });
});

describe('resolveWorkspace', () => {
  const one: Caller = { keyId: 'k', workspaces: [A] };
  const two: Caller = { keyId: 'k', workspaces: [A, B] };
  const none: Caller = { keyId: 'k', workspaces: [] };

  it.each([undefined, null, ''])('a one-workspace key needs no workspaceId (%j)', (requested) =>
    expect(resolveWorkspace(one, requested)).toEqual(A),
  );

  it('by id or by slug', () => {
    expect(resolveWorkspace(two, B.id)).toEqual(B);
    expect(resolveWorkspace(two, 'acme')).toEqual(A);
    expect(resolveWorkspace(one, A.id)).toEqual(A);
  });

  it('a several-workspace key must say which: 400 workspace_required, naming how many', () => {
    const err = fail(() => resolveWorkspace(two, undefined));
    expect(err).toMatchObject({ status: 400, code: 'workspace_required' });
    expect(err.detail).toContain('2 workspaces');
  });

  it('foreign and unknown workspaces answer alike: 404 workspace_not_found', () => {
    for (const requested of [B.id, 'beta', 'nope', 'ACME']) {
      expect(fail(() => resolveWorkspace(one, requested))).toMatchObject({ status: 404, code: 'workspace_not_found' });
    }
    expect(fail(() => resolveWorkspace(none, undefined))).toMatchObject({ status: 404, code: 'workspace_not_found' });
    expect(fail(() => resolveWorkspace(none, 'acme'))).toMatchObject({ status: 404, code: 'workspace_not_found' });
  });

  it('says what went wrong in words', () => {
    expect(fail(() => resolveWorkspace(none, undefined)).detail).toBe('This API key grants no workspace.');
    expect(fail(() => resolveWorkspace(one, 'nope')).detail).toBe('No workspace with that id or slug is accessible with this API key.');
  });
});

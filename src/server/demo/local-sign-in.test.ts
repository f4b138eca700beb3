import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, createWorkspace } from '../admin/ops';
import { loadConfig } from '../config';
import { hashApiKey } from '../http/auth';
import { openMigratedPglite } from '../testing/migrated-pglite';
import { localSignInKey } from './local-sign-in';

describe('the sign-in key printed at every start on this computer', async () => {
  const db = await openMigratedPglite();
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-sign-in-'));
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const keyCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys')).rows[0]!.n;
  const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('prints nothing without a demo workspace, nor on a host others can reach', async () => {
    expect(await localSignInKey(db, config())).toBeNull();
    await createWorkspace(db, 'demo', 'Demo workspace');
    expect(await localSignInKey(db, config({ HOST: '0.0.0.0' }))).toBeNull();
    expect(await keyCount()).toBe(0);
  });

  it('makes one key, keeps it owner-only in the data folder, and gives the same key at every later start', async () => {
    const first = await localSignInKey(db, config());
    expect(first).toMatch(/.{32,}/);
    expect(readFileSync(join(dataDir, 'sign-in-key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'sign-in-key')).mode & 0o777).toBe(0o600);
    expect(await localSignInKey(db, config())).toBe(first);
    expect(await localSignInKey(db, config())).toBe(first);
    expect(await keyCount()).toBe(1);
  });

  it('uses DEMO_API_KEY when it is a key of this server, and replaces a kept key that was revoked', async () => {
    const demoKey = `demo-key-${'k'.repeat(32)}`;
    await createApiKey(db, ['demo'], demoKey);
    expect(await localSignInKey(db, config({ DEMO_API_KEY: demoKey }))).toBe(demoKey);
    expect(await localSignInKey(db, config({ DEMO_API_KEY: `unknown-${'u'.repeat(32)}` }))).not.toBe(demoKey);

    const kept = readFileSync(join(dataDir, 'sign-in-key'), 'utf8').trim();
    await db.query('DELETE FROM api_keys WHERE key_hash = $1', [hashApiKey(kept)]);
    const fresh = await localSignInKey(db, config());
    expect(fresh).not.toBe(kept);
    expect(readFileSync(join(dataDir, 'sign-in-key'), 'utf8').trim()).toBe(fresh);
  });
});

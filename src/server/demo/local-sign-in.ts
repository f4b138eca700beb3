import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey } from '../admin/ops';
import { isLoopbackHost, type Config } from '../config';
import type { Queryable } from '../db/types';
import { hashApiKey } from '../http/auth';

/**
 * Getting back in after a restart, as notebook servers do: on a loopback host every start prints a
 * working sign-in link. The key is DEMO_API_KEY when set, else one demo-workspace key kept in
 * `<DATA_DIR>/sign-in-key` (readable by its owner only) and made once — never a new key per start.
 * Elsewhere nothing is printed (keys come from the admin CLI).
 */

const keyFile = (config: Config) => join(config.dataDir, 'sign-in-key');

async function isLiveKey(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM api_keys WHERE key_hash = $1', [hashApiKey(key)]);
  return rows.length > 0;
}

function readKeyFile(config: Config): string | null {
  try {
    return readFileSync(keyFile(config), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Keeps the key for the next start (owner-only file). */
export function rememberSignInKey(config: Config, key: string): void {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(keyFile(config), `${key}\n`, { mode: 0o600 });
  chmodSync(keyFile(config), 0o600);
}

/** The key to print at this start, or null (not a loopback host, or no demo workspace to sign in to). */
export async function localSignInKey(db: Queryable, config: Config): Promise<string | null> {
  if (!isLoopbackHost(config.host)) return null;
  for (const known of [config.demoApiKey, readKeyFile(config)]) if (known && (await isLiveKey(db, known))) return known;
  const { rows } = await db.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = 'demo'");
  if (rows.length === 0) return null;
  const { apiKey } = await createApiKey(db, [rows[0].id]);
  rememberSignInKey(config, apiKey);
  return apiKey;
}

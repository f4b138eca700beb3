import type { Queryable } from '../db/types';
import { generateApiKey, hashApiKey } from '../http/auth';

/** The admin operations of contract 2, shared by the CLI, the demo seed and the test fixtures. */

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export async function createWorkspace(db: Queryable, slug: string, name = slug): Promise<{ workspaceId: string; slug: string }> {
  if (!SLUG_PATTERN.test(slug)) throw new Error(`Slug "${slug}" must be lowercase letters, digits and dashes (1-63 chars).`);
  const { rows } = await db.query<{ id: string }>('INSERT INTO workspaces (slug, name) VALUES ($1, $2) RETURNING id', [slug, name]);
  return { workspaceId: rows[0].id, slug };
}

/** Finds workspaces by id or slug; throws naming the ones that do not exist. */
async function findWorkspaces(db: Queryable, idsOrSlugs: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const ref of idsOrSlugs) {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM workspaces WHERE slug = $1 OR id::text = $1', [ref]);
    if (rows.length === 0) throw new Error(`No workspace "${ref}".`);
    ids.push(rows[0].id);
  }
  return ids;
}

/** Creates an API key for the workspaces; the plain key is returned once and stored only hashed. */
export async function createApiKey(db: Queryable, workspaceRefs: string[], plainKey = generateApiKey()): Promise<{ apiKey: string }> {
  if (workspaceRefs.length === 0) throw new Error('A key needs at least one workspace.');
  const workspaceIds = await findWorkspaces(db, workspaceRefs);
  const { rows } = await db.query<{ id: string }>('INSERT INTO api_keys (key_hash) VALUES ($1) RETURNING id', [hashApiKey(plainKey)]);
  for (const wid of workspaceIds) {
    await db.query('INSERT INTO api_key_workspaces (api_key_id, workspace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [rows[0].id, wid]);
  }
  return { apiKey: plainKey };
}

export type Channel = 'professional_network' | 'messaging_app';

export async function createAccount(
  db: Queryable,
  workspaceRef: string,
  input: { channel: Channel; name: string; premium?: boolean },
): Promise<{ accountId: string }> {
  if (input.channel !== 'professional_network' && input.channel !== 'messaging_app')
    throw new Error('channel must be professional_network or messaging_app');
  if (!input.name.trim()) throw new Error('An account needs a name.');
  const [workspaceId] = await findWorkspaces(db, [workspaceRef]);
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO accounts (workspace_id, channel, name, premium) VALUES ($1, $2, $3, $4) RETURNING id',
    [workspaceId, input.channel, input.name, input.premium === true],
  );
  return { accountId: rows[0].id };
}

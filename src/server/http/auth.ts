import { createHash, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Db, Queryable } from '../db/types';
import { ApiError, problemResponse } from './errors';

export interface WorkspaceRef {
  id: string;
  slug: string;
}

/** Who is calling: the key's id and the workspaces it grants (contract 2). */
export interface Caller {
  keyId: string;
  workspaces: WorkspaceRef[];
}

export type AppEnv = { Variables: { caller: Caller } };

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
export const generateApiKey = (): string => `cs_${randomBytes(32).toString('base64url')}`;

const UNAUTHORIZED = () => new ApiError(401, 'unauthorized', 'A valid API key is required: send Authorization: Bearer <API_KEY>.');

/** Looks a bearer token up; undefined when missing, malformed or unknown. */
export async function authenticate(db: Queryable, authorization: string | undefined): Promise<Caller | undefined> {
  const match = /^Bearer ([\x21-\x7e]{8,512})$/.exec(authorization ?? '');
  if (!match) return undefined;
  const { rows } = await db.query<{ key_id: string; id: string | null; slug: string | null }>(
    `SELECT k.id AS key_id, w.id, w.slug FROM api_keys k
     LEFT JOIN api_key_workspaces kw ON kw.api_key_id = k.id
     LEFT JOIN workspaces w ON w.id = kw.workspace_id
     WHERE k.key_hash = $1 ORDER BY w.slug`,
    [hashApiKey(match[1])],
  );
  if (rows.length === 0) return undefined;
  return { keyId: rows[0].key_id, workspaces: rows.filter((r) => r.id).map((r) => ({ id: r.id!, slug: r.slug! })) };
}

/**
 * Known keys are remembered for a few seconds so a request costs one SQL round trip, not two.
 * Only positive answers are cached (a key created a moment ago works at once), and keys and their
 * grants are never revoked by any operation, so a short cache cannot widen access across processes.
 */
const CALLER_CACHE_MS = 30_000;
const CALLER_CACHE_MAX = 1000;

function cachedAuthenticate(db: Db) {
  const cache = new Map<string, { caller: Caller; until: number }>();
  return async (authorization: string | undefined): Promise<Caller | undefined> => {
    const now = Date.now();
    const hit = authorization ? cache.get(authorization) : undefined;
    if (hit && hit.until > now) return hit.caller;
    const caller = await authenticate(db, authorization);
    if (caller && authorization) {
      if (cache.size >= CALLER_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(authorization, { caller, until: now + CALLER_CACHE_MS });
    }
    return caller;
  };
}

/** Hono middleware: 401 problem unless the bearer key is known; sets `caller`. */
export function requireCaller(db: Db): MiddlewareHandler<AppEnv> {
  const lookup = cachedAuthenticate(db);
  return async (c, next) => {
    const caller = await lookup(c.req.header('Authorization'));
    if (!caller) return problemResponse(c, UNAUTHORIZED());
    c.set('caller', caller);
    await next();
  };
}

/**
 * Contract 2: `requested` is a workspace UUID or slug. Omitted → the key's only workspace, or
 * workspace_required when it has several. Unknown and foreign answer alike: workspace_not_found.
 */
export function resolveWorkspace(caller: Caller, requested: string | undefined | null): WorkspaceRef {
  if (requested === undefined || requested === null || requested === '') {
    if (caller.workspaces.length === 1) return caller.workspaces[0];
    if (caller.workspaces.length === 0) throw new ApiError(404, 'workspace_not_found', 'This API key grants no workspace.');
    throw new ApiError(
      400,
      'workspace_required',
      `This API key can access ${caller.workspaces.length} workspaces: pass workspaceId (a workspace id or slug).`,
    );
  }
  const found = caller.workspaces.find((w) => w.id === requested || w.slug === requested);
  if (!found) throw new ApiError(404, 'workspace_not_found', 'No workspace with that id or slug is accessible with this API key.');
  return found;
}

import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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
 * Keys and their grants are never revoked by any operation, so a short cache cannot widen access
 * across processes. Unknown keys are remembered too (negative cache), so a flood of one wrong key
 * costs no repeated lookup; a key is random, so nobody presents it before it exists, and the short
 * expiry bounds the wait if someone ever did.
 */
const CALLER_CACHE_MS = 30_000;
const UNKNOWN_KEY_CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

/** A bounded map with expiry: the oldest entry goes when it is full. */
function expiringCache<V>(ttlMs: number) {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string, now: number): V | undefined {
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) entries.delete(key);
      return undefined;
    },
    set(key: string, value: V, now: number): void {
      entries.delete(key);
      if (entries.size >= CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: now + ttlMs });
    },
  };
}

function cachedAuthenticate(db: Db) {
  const known = expiringCache<Caller>(CALLER_CACHE_MS);
  const unknown = expiringCache<true>(UNKNOWN_KEY_CACHE_MS);
  return async (authorization: string | undefined): Promise<Caller | undefined> => {
    if (!authorization) return undefined;
    const now = Date.now();
    const hit = known.get(authorization, now);
    if (hit) return hit;
    if (unknown.get(authorization, now)) return undefined;
    const caller = await authenticate(db, authorization);
    if (caller) known.set(authorization, caller, now);
    else unknown.set(authorization, true, now);
    return caller;
  };
}

export const AUTH_FAILURE_WINDOW_MS = 60_000;

/**
 * Failed authentications per client address in a fixed one-minute window. Only a request that
 * presented a key that is not valid counts (a missing key is not a guess). Once an address reaches
 * the limit, every request from it gets 429 until the window ends, so guessing cannot go on.
 */
export function failureLimiter(limit: number, windowMs = AUTH_FAILURE_WINDOW_MS) {
  const windows = new Map<string, { start: number; failures: number }>();
  const current = (address: string, now: number) => {
    const w = windows.get(address);
    return w && now - w.start < windowMs ? w : undefined;
  };
  return {
    /** Seconds until `address` may try again, or 0 when it may now. */
    retryAfter(address: string, now = Date.now()): number {
      const w = current(address, now);
      return w && w.failures >= limit ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
    },
    fail(address: string, now = Date.now()): void {
      const w = current(address, now);
      if (w) w.failures += 1;
      else {
        windows.delete(address);
        if (windows.size >= CACHE_MAX) windows.delete(windows.keys().next().value!);
        windows.set(address, { start: now, failures: 1 });
      }
    },
  };
}

/** The peer address of the connection (not a forwarded header a client could forge). */
function clientAddress(c: Context): string {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

const RATE_LIMITED = (seconds: number) =>
  new ApiError(429, 'rate_limited', `Too many failed sign-in attempts from your address: try again in ${seconds} seconds.`);

/** Hono middleware: 401 problem unless the bearer key is known; sets `caller`. Failed attempts are rate limited per address. */
export function requireCaller(db: Db, failuresPerMinute: number): MiddlewareHandler<AppEnv> {
  const lookup = cachedAuthenticate(db);
  const limiter = failureLimiter(failuresPerMinute);
  return async (c, next) => {
    const address = clientAddress(c);
    const wait = limiter.retryAfter(address);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return problemResponse(c, RATE_LIMITED(wait));
    }
    const authorization = c.req.header('Authorization');
    const caller = await lookup(authorization);
    if (!caller) {
      if (authorization !== undefined) limiter.fail(address);
      return problemResponse(c, UNAUTHORIZED());
    }
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

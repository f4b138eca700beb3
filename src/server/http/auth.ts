import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db, Queryable } from '../db/types';
import { ApiError, problemResponse } from './errors';
import type { FailureCounter } from './shared-failures';

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
  const lookup = async (authorization: string | undefined): Promise<Caller | undefined> => {
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
  /** The caller of a key remembered as valid, without asking the database. */
  lookup.known = (authorization: string): Caller | undefined => known.get(authorization, Date.now());
  return lookup;
}

export const AUTH_FAILURE_WINDOW_MS = 60_000;

/**
 * Failed authentications per bucket (client address and key prefix) in a fixed one-minute window, in
 * this process. Only a request that presented a key that is not valid counts (a missing key is not a
 * guess). Once a bucket reaches the limit, every key of that prefix from that address gets 429 until
 * the window ends, so guessing cannot go on; the server counts in the database (`shared-failures.ts`).
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

/** Characters of a presented key that pick its failure bucket: guesses of other keys never lock a valid key out. */
export const KEY_PREFIX_LENGTH = 8;

/** The bucket failed attempts are counted in: the client address and the presented key's prefix. */
const failureBucket = (address: string, authorization: string): string =>
  `${address} ${authorization.replace(/^Bearer /, '').slice(0, KEY_PREFIX_LENGTH)}`;

/**
 * Hono middleware: 401 problem unless the bearer key is known; sets `caller`. Failed attempts are
 * rate limited per (address, key prefix) by `failures` (shared through the database in the server;
 * in-process by default).
 */
export function requireCaller(
  db: Db,
  failuresPerMinute: number,
  failures: FailureCounter = failureLimiter(failuresPerMinute),
): MiddlewareHandler<AppEnv> {
  const lookup = cachedAuthenticate(db);
  return async (c, next) => {
    const authorization = c.req.header('Authorization');
    // A key this process knows is valid is no guess: it never waits on the counter.
    const known = authorization === undefined ? undefined : lookup.known(authorization);
    const bucket = authorization === undefined ? undefined : failureBucket(clientAddress(c), authorization);
    const wait = known || bucket === undefined ? 0 : await failures.retryAfter(bucket);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return problemResponse(c, RATE_LIMITED(wait));
    }
    const caller = known ?? (await lookup(authorization));
    if (!caller) {
      if (bucket !== undefined) await failures.fail(bucket);
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

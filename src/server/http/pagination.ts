import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/types';
import { ApiError } from './errors';

/**
 * Opaque keyset cursors (contract 3 `invalid_cursor`, contract 4 lists). A cursor carries the last
 * row's sort key and a digest of the normalized filters, signed with a per-database secret
 * (server_secrets, so every server process on one PostgreSQL accepts the others' cursors).
 * A cursor from other filters, another list, or a forged/garbled one → 400 invalid_cursor.
 */

export { cursorParam, DEFAULT_LIMIT, limitParam, MAX_LIMIT } from '../../domain/contract/pagination';

const secrets = new WeakMap<object, Promise<string>>();

/** The per-database HMAC secret (migration 003), read once per database handle. */
function cursorSecret(db: Queryable): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'cursor_hmac'").then((r) => {
      if (!r.rows[0]) throw new Error('server_secrets.cursor_hmac missing: run the migrations');
      return r.rows[0].value;
    });
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const digest = (scope: string, filters: unknown): string =>
  createHash('sha256')
    .update(`${scope}\n${JSON.stringify(filters)}`)
    .digest('base64url')
    .slice(0, 22);

const sign = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);

const invalidCursor = () =>
  new ApiError(400, 'invalid_cursor', 'The cursor is not one this server issued for these filters: start again without a cursor.');

export interface CursorCodec<K> {
  encode(key: K): Promise<string>;
  /** undefined when no cursor was given; throws invalid_cursor otherwise unless it is valid. */
  decode(cursor: string | undefined): Promise<K | undefined>;
}

/**
 * A codec for one list (`scope`, e.g. "conversations") and one normalized filter set. `keySchema`
 * checks the decoded sort key, so even a correctly signed cursor cannot smuggle a bad value into SQL.
 */
export function cursorCodec<S extends z.ZodType>(db: Queryable, scope: string, filters: unknown, keySchema: S): CursorCodec<z.infer<S>> {
  const filterDigest = digest(scope, filters);
  return {
    async encode(key) {
      const payload = Buffer.from(JSON.stringify({ k: key, f: filterDigest })).toString('base64url');
      return `${payload}.${sign(await cursorSecret(db), payload).toString('base64url')}`;
    },
    async decode(cursor) {
      if (cursor === undefined) return undefined;
      const [payload, mac, extra] = cursor.split('.');
      if (!payload || !mac || extra !== undefined) throw invalidCursor();
      const expected = sign(await cursorSecret(db), payload);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
      let parsed: { k?: unknown; f?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (parsed?.f !== filterDigest) throw invalidCursor();
      const key = keySchema.safeParse(parsed.k);
      if (!key.success) throw invalidCursor();
      return key.data;
    },
  };
}

/** The usual keyset key: a millisecond timestamp and a UUID. */
export const timeIdKey = z.tuple([z.iso.datetime(), z.guid()]);
export type TimeIdKey = z.infer<typeof timeIdKey>;

/**
 * Runs a page query that fetched `limit + 1` rows: returns the page and the next cursor
 * (null on the last page, contract 4).
 */
export async function pageOf<R, K>(
  rows: R[],
  limit: number,
  codec: CursorCodec<K>,
  keyOf: (row: R) => K,
): Promise<{ items: R[]; nextCursor: string | null }> {
  const items = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? await codec.encode(keyOf(items[items.length - 1])) : null;
  return { items, nextCursor };
}

/** Any well-formed UUID (also nil or non-v4: those are simply not found). */
export const uuidParam = z.guid();

/** Contract 3: a malformed UUID in the path is 400 invalid_request naming the parameter. */
export function pathUuid(value: string | undefined, name: string): string {
  if (uuidParam.safeParse(value).success) return value!.toLowerCase();
  throw new ApiError(400, 'invalid_request', `The path parameter ${name} must be a UUID.`, {
    errors: [{ path: name, message: 'must be a UUID' }],
  });
}

/** Escapes LIKE wildcards so `search` is a literal substring. */
export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

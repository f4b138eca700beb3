import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/types';
import { ApiError } from './errors';
import { cursorCodec, likePattern, limitParam, pageOf, pathUuid, timeIdKey } from './pagination';

/** Pagination as a client sees it (contract 3 `invalid_cursor`, contract 4 lists), without HTTP. */

const databaseWith = (secret: string | undefined): Queryable & { reads: number } => {
  const db = {
    reads: 0,
    async query<T>() {
      db.reads += 1;
      return { rows: (secret === undefined ? [] : [{ value: secret }]) as T[], rowCount: secret === undefined ? 0 : 1 };
    },
  };
  return db;
};
const KEY: [string, string] = ['2026-01-02T03:04:05.678Z', '0b5e7c1e-8b0a-4a8e-9d0c-0123456789ab'];

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.code}` : `thrown: ${String(err)}`;
  }
};

describe('limit', () => {
  it.each([
    ['1', 1],
    ['250', 250],
    ['007', 7],
    [undefined, undefined],
  ])('%s is accepted as %s', (raw, value) => expect(limitParam.parse(raw)).toBe(value));

  it.each(['0', '251', '1e1', '10.0', '-1', ' 5', '5 ', '', '1234567', 'ten'])('%j is refused', (raw) =>
    expect(limitParam.safeParse(raw).success).toBe(false),
  );
});

describe('cursors', () => {
  const db = databaseWith('s3cret');
  const codec = cursorCodec(db, 'conversations', { workspaceId: 'w1', tag: null }, timeIdKey);

  it('no cursor is the first page', async () => expect(await codec.decode(undefined)).toBeUndefined());

  it('round-trips the last key of a page', async () => {
    const cursor = await codec.encode(KEY);
    expect(cursor).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(await codec.decode(cursor)).toEqual(KEY);
  });

  it('reads the secret once per database', async () => {
    const own = databaseWith('x');
    const c = cursorCodec(own, 'campaigns', {}, timeIdKey);
    await c.decode(await c.encode(KEY));
    await c.encode(KEY);
    await cursorCodec(own, 'campaigns', { other: 1 }, timeIdKey).encode(KEY);
    expect(own.reads).toBe(1);
  });

  it('a database without the secret fails loudly, and is asked again next time', async () => {
    const none = databaseWith(undefined);
    const c = cursorCodec(none, 'campaigns', {}, timeIdKey);
    expect(await codeOf(c.encode(KEY))).toMatch(/cursor_hmac missing/);
    await new Promise((r) => setTimeout(r, 0));
    expect(await codeOf(c.encode(KEY))).toMatch(/cursor_hmac missing/);
    expect(none.reads).toBe(2);
  });

  it('is refused for other filters, another list, or another server', async () => {
    const cursor = await codec.encode(KEY);
    expect(await codeOf(cursorCodec(db, 'conversations', { workspaceId: 'w1', tag: 'vip' }, timeIdKey).decode(cursor))).toBe(
      '400 invalid_cursor',
    );
    expect(await codeOf(cursorCodec(db, 'inspiration', { workspaceId: 'w1', tag: null }, timeIdKey).decode(cursor))).toBe(
      '400 invalid_cursor',
    );
    const elsewhere = cursorCodec(databaseWith('other'), 'conversations', { workspaceId: 'w1', tag: null }, timeIdKey);
    expect(await codeOf(elsewhere.decode(cursor))).toBe('400 invalid_cursor');
  });

  it('is refused when garbled, truncated, extended or forged', async () => {
    const cursor = await codec.encode(KEY);
    const [payload, mac] = cursor.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ k: ['2030-01-01T00:00:00.000Z', KEY[1]], f: 'x' })).toString('base64url');
    for (const bad of [
      '',
      'abc',
      payload,
      `${payload}.`,
      `.${mac}`,
      `${payload}.${mac}.x`,
      `${payload}.${mac.slice(0, -2)}`,
      `${payload}.${mac}AA`,
      `${payload}x.${mac}`,
      `${forgedPayload}.${mac}`,
      `${payload}.${Buffer.alloc(16).toString('base64url')}`,
    ])
      expect(await codeOf(codec.decode(bad)), bad).toBe('400 invalid_cursor');
  });

  it('a correctly signed cursor with a bad key or no JSON is still refused', async () => {
    const signedLike = async (payloadText: string) => {
      // encode a cursor whose key makes the payload text we want, using the codec itself
      const c = cursorCodec(db, 'conversations', { workspaceId: 'w1', tag: null }, timeIdKey);
      return { c, cursor: await c.encode(payloadText as never) };
    };
    const { c, cursor } = await signedLike('not a tuple');
    expect(await codeOf(c.decode(cursor))).toBe('400 invalid_cursor');
    const anyKey = cursorCodec(db, 'conversations', { workspaceId: 'w1', tag: null }, timeIdKey.or(timeIdKey));
    expect(await codeOf(anyKey.decode(await anyKey.encode(['yesterday', 'nope'] as never)))).toBe('400 invalid_cursor');
  });

  it('a payload signed with the right secret but not JSON is refused, not a crash', async () => {
    const payload = Buffer.from('not json').toString('base64url');
    const mac = createHmac('sha256', 's3cret').update(payload).digest().subarray(0, 16).toString('base64url');
    expect(await codeOf(codec.decode(`${payload}.${mac}`))).toBe('400 invalid_cursor');
    const nullPayload = Buffer.from('null').toString('base64url');
    const nullMac = createHmac('sha256', 's3cret').update(nullPayload).digest().subarray(0, 16).toString('base64url');
    expect(await codeOf(codec.decode(`${nullPayload}.${nullMac}`))).toBe('400 invalid_cursor');
  });

  it('the message tells the client what to do', async () => {
    try {
      await codec.decode('x.y');
    } catch (err) {
      expect((err as ApiError).detail).toMatch(/start again without a cursor/);
    }
    expect.assertions(1);
  });
});

describe('pages', () => {
  const codec = cursorCodec(databaseWith('s'), 'list', {}, timeIdKey);
  const rows = ['a', 'b', 'c'].map((id, i) => ({ id: KEY[1], at: `2026-01-0${i + 1}T00:00:00.000Z`, name: id }));
  const keyOf = (r: (typeof rows)[number]) => [r.at, r.id] as [string, string];

  it('a full page plus one more row has a cursor at the page’s last row', async () => {
    const page = await pageOf(rows, 2, codec, keyOf);
    expect(page.items.map((r) => r.name)).toEqual(['a', 'b']);
    expect(await codec.decode(page.nextCursor!)).toEqual(keyOf(rows[1]!));
  });

  it('the last page has no cursor', async () => {
    expect(await pageOf(rows, 3, codec, keyOf)).toEqual({ items: rows, nextCursor: null });
    expect(await pageOf(rows.slice(0, 2), 3, codec, keyOf)).toEqual({ items: rows.slice(0, 2), nextCursor: null });
    expect(await pageOf([], 3, codec, keyOf)).toEqual({ items: [], nextCursor: null });
  });
});

describe('path ids and search', () => {
  it('a UUID in the path is taken in lower case', () =>
    expect(pathUuid('0B5E7C1E-8B0A-4A8E-9D0C-0123456789AB', 'id')).toBe('0b5e7c1e-8b0a-4a8e-9d0c-0123456789ab'));

  it.each([undefined, '', 'abc', '0b5e7c1e-8b0a-4a8e-9d0c-0123456789abX'])('%j is 400 invalid_request naming the parameter', (raw) => {
    try {
      pathUuid(raw, 'conversationId');
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        status: 400,
        code: 'invalid_request',
        extras: { errors: [{ path: 'conversationId', message: 'must be a UUID' }] },
      });
      expect((err as ApiError).detail).toContain('conversationId');
    }
  });

  it('search is a literal substring: wildcards and backslashes are escaped', () => {
    expect(likePattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
    expect(likePattern('plain')).toBe('%plain%');
  });
});

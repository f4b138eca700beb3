import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, int32, isStorableInstant, storableDateTime, text, tooDeepPath, unstorableTextPaths } from './bounds';

describe('contract 8.4 bounds', () => {
  it('refuses U+0000 and lone surrogates, keeps real pairs', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().safeParse('\ud800').success).toBe(false);
    expect(text().safeParse('x\udc00').success).toBe(false);
    expect(text().safeParse('😀 ok').success).toBe(true);
  });
  it('finds unstorable strings deep inside a value, keys included', () => {
    expect(unstorableTextPaths({ a: [{ b: 'ok' }, { c: '\ud800' }], ['k\u0000']: 1 })).toEqual([
      { path: 'a.1.c', message: expect.stringContaining('surrogate') },
      { path: 'k\u0000', message: expect.stringContaining('property name') },
    ]);
  });
  it('admits 32-bit integers only', () => {
    expect(int32().safeParse(2147483647).success).toBe(true);
    expect(int32().safeParse(2147483648).success).toBe(false);
    expect(int32().safeParse(-2147483648).success).toBe(true);
    expect(int32().safeParse(-2147483649).success).toBe(false);
  });
  it('admits date-times in years 1..9999 after conversion to UTC', () => {
    expect(storableDateTime().safeParse('2026-11-21T10:15:30Z').success).toBe(true);
    expect(storableDateTime().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(storableDateTime().safeParse('9999-12-31T23:59:59-23:59').success).toBe(false);
    expect(storableDateTime().safeParse('9999-12-31T00:00:00+01:00').success).toBe(true);
    expect(storableDateTime().safeParse('0001-01-01T00:30:00+01:00').success).toBe(false);
  });
});

describe('contract 8.4 bounds, as a client reads the refusal', () => {
  it('says why a text cannot be stored', () => {
    expect(
      text()
        .safeParse('a\u0000b')
        .error?.issues.map((i) => i.message),
    ).toEqual(['must not contain the NUL character (U+0000)']);
    expect(
      text()
        .safeParse('\ud800')
        .error?.issues.map((i) => i.message),
    ).toEqual(['must not contain a lone surrogate (broken Unicode)']);
  });

  it('names nested bad keys by their full path, and passes over nulls and numbers', () => {
    expect(unstorableTextPaths({ a: { ['k\u0000']: null }, b: null, c: 3, d: [null, true] })).toEqual([
      { path: 'a.k\u0000', message: 'property name must not contain the NUL character (U+0000)' },
    ]);
    expect(unstorableTextPaths(['ok', '\ud800'], ['media'])).toEqual([
      { path: 'media.1', message: 'must not contain a lone surrogate (broken Unicode)' },
    ]);
  });

  it('admits the first and last storable instants and says why others are refused', () => {
    expect(isStorableInstant(Date.parse('0001-01-01T00:00:00Z'))).toBe(true);
    expect(isStorableInstant(Date.parse('9999-12-31T23:59:59.999Z'))).toBe(true);
    expect(isStorableInstant(Number.NaN)).toBe(false);
    expect(storableDateTime().safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(
      storableDateTime()
        .safeParse('0000-12-31T23:59:59Z')
        .error?.issues.map((i) => i.message),
    ).toEqual(['must be a date between the years 1 and 9999 (in UTC)']);
  });
});

describe('contract 8.4 nesting depth', () => {
  const nested = (levels: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };
  it(`admits ${MAX_JSON_DEPTH} levels and names where deeper nesting starts, without recursion`, () => {
    expect(unstorableTextPaths(nested(MAX_JSON_DEPTH))).toEqual([]);
    expect(tooDeepPath(nested(MAX_JSON_DEPTH))).toBeNull();
    const deep = unstorableTextPaths(nested(100_000));
    expect(deep).toEqual([{ path: expect.any(String), message: expect.stringMatching(/64 levels deep/) }]);
    expect(deep[0]!.path.split('.')).toHaveLength(MAX_JSON_DEPTH);
    expect(tooDeepPath(nested(100_000), ['workflow_definition'])?.split('.')).toHaveLength(MAX_JSON_DEPTH + 1);
  });
  it('still finds unstorable text in document order when walking iteratively', () => {
    expect(unstorableTextPaths([{ b: '\u0000' }, 'ok', ['\ud800']]).map((e) => e.path)).toEqual(['0.b', '2.0']);
  });
});

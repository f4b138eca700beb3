import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUtcDateTime, sameInstant, toIso, toIsoMillis } from './time';

describe('parseUtcDateTime (spec 4.1 expectedUpdatedAt)', () => {
  it.each([
    ['2026-11-21T10:15Z', Date.UTC(2026, 10, 21, 10, 15)],
    ['2026-11-21T10:15:30Z', Date.UTC(2026, 10, 21, 10, 15, 30)],
    ['2026-11-21T10:15:30.1Z', Date.UTC(2026, 10, 21, 10, 15, 30, 100)],
    ['2026-11-21T10:15:30.123Z', Date.UTC(2026, 10, 21, 10, 15, 30, 123)],
    ['2026-11-21T10:15:30.123456Z', Date.UTC(2026, 10, 21, 10, 15, 30, 123)],
    ['2026-11-21T10:15:30.999999999Z', Date.UTC(2026, 10, 21, 10, 15, 30, 999)],
    ['2024-02-29T00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T23:59:59Z', Date.UTC(2000, 1, 29, 23, 59, 59)],
    ['0050-01-01T00:00Z', -60589296000000],
  ])('accepts %s', (text, ms) => {
    expect(parseUtcDateTime(text)).toBe(ms);
  });

  it.each([
    '2023-02-29T00:00Z',
    '1900-02-29T00:00Z',
    '2026-04-31T00:00Z',
    '2026-13-01T00:00Z',
    '2026-00-10T00:00Z',
    '2026-01-00T00:00Z',
    '2026-01-01T24:00Z',
    '2026-01-01T10:60Z',
    '2026-01-01T10:15:60Z',
    '2026-01-01T10:15:30',
    '2026-01-01T10:15:30+00:00',
    '2026-01-01t10:15:30z',
    '2026-01-01 10:15:30Z',
    '2026-01-01T10Z',
    '2026-01-01T10:15:30.Z',
    '26-01-01T10:15Z',
    '2026-1-01T10:15Z',
    ' 2026-01-01T10:15Z',
    '2026-01-01T10:15Z\n',
    '',
    'yesterday',
  ])('rejects %j', (text) => {
    expect(parseUtcDateTime(text)).toBeNull();
  });

  it('knows the length of every month', () => {
    const last = (year: number, month: number) =>
      [28, 29, 30, 31].filter((day) => parseUtcDateTime(`${year}-${String(month).padStart(2, '0')}-${day}T00:00Z`) !== null).at(-1);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => last(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([2024, 2000, 1900, 2100, 2023, 1600].map((y) => last(y, 2))).toEqual([29, 29, 28, 28, 28, 29]);
    expect(parseUtcDateTime('2026-12-31T23:59:59.999Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
    expect(parseUtcDateTime('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 0, {}, [], true, new Date(0), { toString: () => '2026-01-01T00:00Z' }, ['2026-01-01T00:00Z']])
      expect(parseUtcDateTime(value)).toBeNull();
  });

  it('compares as instants', () => {
    expect(sameInstant('2026-11-21T10:15Z', '2026-11-21T10:15:00.000Z')).toBe(true);
    expect(sameInstant('2026-11-21T10:15:00.0001Z', '2026-11-21T10:15:00Z')).toBe(true);
    expect(sameInstant('2026-11-21T10:15:00.001Z', '2026-11-21T10:15:00Z')).toBe(false);
    expect(sameInstant('bad', 'bad')).toBe(false);
    expect(sameInstant('2026-11-21T10:15Z', 'bad')).toBe(false);
    expect(sameInstant(undefined, undefined)).toBe(false);
  });

  it('round-trips toIsoMillis for every instant of years 0..9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62167219200000, max: 253402300799999 }), (ms) => {
        const text = toIsoMillis(ms);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(parseUtcDateTime(text)).toBe(ms);
      }),
    );
  });

  it('formats with milliseconds and Z', () => {
    expect(toIsoMillis(Date.UTC(2026, 10, 21, 10, 15, 30, 123))).toBe('2026-11-21T10:15:30.123Z');
    expect(() => toIsoMillis(Number.NaN)).toThrow(RangeError);
    expect(() => toIsoMillis(Number.POSITIVE_INFINITY)).toThrow('not a point in time: Infinity');
  });

  it('toIso writes epoch milliseconds, a Date and database timestamp text the same way', () => {
    const at = Date.UTC(2026, 10, 21, 10, 15, 30, 123);
    for (const given of [at, new Date(at), '2026-11-21 11:15:30.123+01']) expect(toIso(given)).toBe('2026-11-21T10:15:30.123Z');
    expect(() => toIso('not a time')).toThrow('not a point in time: NaN');
  });
});

import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record';

describe('isRecord (reading foreign data)', () => {
  it('accepts plain objects only', () => {
    for (const value of [{}, { a: 1 }, Object.create(null) as object]) expect(isRecord(value)).toBe(true);
    for (const value of [null, undefined, 'text', '', 0, 1, true, false, [], [1], Symbol('s'), 10n]) expect(isRecord(value)).toBe(false);
  });
});

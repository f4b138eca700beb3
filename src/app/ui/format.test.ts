import { describe, expect, it } from 'vitest';
import { initials, relativeTime } from './format';

describe('format', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says how long ago, then falls back to a date', () => {
    expect(relativeTime('2026-03-10T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toMatch(/5/);
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toMatch(/3/);
    expect(relativeTime('2026-02-01T09:00:00Z', now)).not.toMatch(/ago/);
    expect(relativeTime('garbage', now)).toBe('garbage');
  });
  it('takes up to two initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GH');
    expect(initials('cher')).toBe('C');
    expect(initials('  ')).toBe('?');
  });
});

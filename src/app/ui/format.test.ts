import { describe, expect, it } from 'vitest';
import { formatCount, fullTime, initials, relativeTime, shortDate } from './format';

describe('format', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('writes an absolute time as "23 Nov 2026, 14:05" (day month year, 24-hour clock)', () => {
    expect(fullTime(new Date(2026, 10, 23, 14, 5).toISOString())).toBe('23 Nov 2026, 14:05');
    expect(fullTime(new Date(2026, 0, 3, 9, 7).toISOString())).toBe('3 Jan 2026, 09:07');
    expect(fullTime('garbage')).toBe('garbage');
  });
  it('says how long ago (or how soon), then falls back to the short date', () => {
    expect(relativeTime('2026-03-10T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('5 min. ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toBe('3 hr. ago');
    expect(relativeTime('2026-03-10T14:00:00Z', now)).toBe('in 2 hr.');
    expect(relativeTime('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime(new Date(2026, 1, 1, 9).toISOString(), now)).toBe('1 Feb');
    expect(relativeTime(new Date(2024, 2, 4, 9).toISOString(), now)).toBe('4 Mar 2024');
    expect(relativeTime('garbage', now)).toBe('garbage');
  });
  it('writes a day as "14 Jan", with the year only when it is another year', () => {
    expect(shortDate(new Date(2026, 0, 14, 10).toISOString(), now)).toBe('14 Jan');
    expect(shortDate(new Date(2027, 0, 14, 10).toISOString(), now)).toBe('14 Jan 2027');
    expect(shortDate('garbage', now)).toBe('garbage');
  });
  it('writes counts with thousands separators', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(7)).toBe('7');
  });
  it('takes up to two initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GH');
    expect(initials('cher')).toBe('C');
    expect(initials('  ')).toBe('?');
  });
});

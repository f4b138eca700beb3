/**
 * Spec 4.1 `expectedUpdatedAt`: `<date>T<time>Z`, seconds and fractional seconds optional,
 * uppercase `T` and `Z` only (no offsets), real calendar dates including leap days.
 */
const UTC_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?Z$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month of the proleptic Gregorian calendar (month 1..12). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Parses a spec 4.1 UTC date-time into epoch milliseconds, or null when it is not one.
 * Fractions beyond milliseconds are truncated (not rounded), so `…:30.1239Z` is the instant
 * `…:30.123Z`: our own timestamps carry milliseconds (contract 4), and truncation never moves
 * an instant into the next second. Compare the results as numbers (instants), not as text.
 */
export function parseUtcDateTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = UTC_DATE_TIME.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as written.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime();
}

/** Contract 4 timestamp text: UTC ISO 8601 with milliseconds and `Z` (`2026-11-21T10:15:30.123Z`). */
export function toIsoMillis(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`not a point in time: ${ms}`);
  return new Date(ms).toISOString();
}

/**
 * The one way an instant becomes text (contract 4: UTC, milliseconds, `Z`): epoch milliseconds, a
 * `Date` or a database timestamp (a `Date` from node-postgres, text from elsewhere).
 */
export const toIso = (at: number | Date | string): string => toIsoMillis(typeof at === 'number' ? at : new Date(at).getTime());

/** True when both texts are valid spec 4.1 date-times naming the same instant. */
export function sameInstant(a: unknown, b: unknown): boolean {
  const left = parseUtcDateTime(a);
  return left !== null && left === parseUtcDateTime(b);
}

/**
 * The one place the app turns dates, times and counts into text (a unit test fails on any
 * `toLocale…String(` or `Intl.` formatter elsewhere in src/app). One format everywhere:
 * - absolute: "23 Nov 2026, 14:05" (day month year, 24-hour clock, the browser's time zone);
 * - relative where it reads better ("5 min ago", "in 2 hr", "yesterday"), with the absolute on hover
 *   (`<RelativeTime>` in ui/Time.tsx); past a week, the short date ("4 Mar", "4 Mar 2024").
 */
import { percentWords } from '../../domain/stats';

const LOCALE = 'en-GB';
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' });
const utcDay = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYear = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const count = new Intl.NumberFormat('en-US');
const clockWeekday = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];

/** "just now", "5 min ago", "in 2 hr", "yesterday", then the short date ("4 Mar", or "4 Mar 2024" in another year). */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 7 * 86_400) {
    let unit: Intl.RelativeTimeFormatUnit = 'minute';
    let size = 60;
    for (const [u, s] of UNITS) if (abs >= s) [unit, size] = [u, s];
    return rtf.format(Math.round(seconds / size), unit);
  }
  return shortDate(iso, now);
}

/** The full local date and time, "23 Nov 2026, 14:05" (titles, thread timestamps, sentences). */
export function fullTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : full.format(t);
}

/** The day of an instant, "14 Jan", or "14 Jan 2027" when it falls in another year than `now` (forecast dates). */
export function shortDate(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t).getFullYear() === new Date(now).getFullYear() ? day.format(t) : dayYear.format(t);
}

/** A time within the next days, "09:00 Mon" (when the run looks at a prospect next); past a week, the full time. */
export function nextTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  if (t - now > 6 * 86_400_000 || t < now - 86_400_000) return full.format(t);
  const parts = clockWeekday.formatToParts(t);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('weekday')}`;
}

/** A rate 0–1 as a percentage, the way the results' verdict writes it ("14 %", "0.4 %"). */
export const formatPercent = (rate: number): string => percentWords(rate);

/** A calendar day "YYYY-MM-DD" (no time, no zone) as "4 Mar". */
export const calendarDay = (date: string): string => utcDay.format(Date.parse(`${date}T12:00:00Z`));

/** A count with thousands separators ("12,345"). */
export const formatCount = (n: number): string => count.format(n);

/** Up to two initials of a name ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => [...p][0]?.toUpperCase() ?? '').join('') || '?';
}

/** The browser's own IANA time zone ("Europe/Paris"), offered first in time zone pickers. */
export const browserTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

const weekdayLong = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' });
const calendarDayShort = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const calendarDayYear = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Today's calendar day in a zone, "2026-03-02" (a sender's own day: its limits and warm-up count in it). */
export function calendarDayIn(zone: string, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day ("2026-03-05") seen from `today`: "today", "tomorrow", "Thursday" within the week, else "5 Mar" ("5 Mar 2027" in another year). */
export function calendarDayWords(day: string, today: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const from = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(t) || Number.isNaN(from)) return day;
  const ahead = Math.round((t - from) / 86_400_000);
  if (ahead === 0) return 'today';
  if (ahead === 1) return 'tomorrow';
  if (ahead > 1 && ahead < 7) return weekdayLong.format(t);
  return day.slice(0, 4) === today.slice(0, 4) ? calendarDayShort.format(t) : calendarDayYear.format(t);
}

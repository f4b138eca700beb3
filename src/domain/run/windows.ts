import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type Schedule } from '../contract/schedule';
import { isIanaTimeZone, timeZoneCity } from '../time-zones';

/**
 * Contract 9.3 time: sending windows and calendar-day waits, computed on zone names with Temporal
 * (never fixed offsets), so daylight-saving changes — an hour, or Lord Howe's half hour — are
 * respected. Instants are epoch milliseconds.
 */

/** Contract 9.3 `schedule`: the window is [start, end) local time on each allowed day. */
export type SendingSchedule = Schedule;

const MS_PER_DAY = 86_400_000;

const isTimeZone = (name: string | null): name is string => name !== null && name !== '' && isIanaTimeZone(name);

/** The zone a prospect's window is read in: theirs when known and wanted, else the schedule's. */
export function windowZone(schedule: SendingSchedule, prospectZone: string | null): string {
  if (schedule.useProspectTimeZone && isTimeZone(prospectZone)) return prospectZone;
  return isTimeZone(schedule.timeZone) ? schedule.timeZone : 'UTC';
}

/** The zone calendar-day waits count in: the prospect's when known, else the schedule's (contract 9.3 delay). */
export function waitZone(schedule: SendingSchedule, prospectZone: string | null): string {
  if (isTimeZone(prospectZone)) return prospectZone;
  return isTimeZone(schedule.timeZone) ? schedule.timeZone : 'UTC';
}

const zoned = (at: number, zone: string): Temporal.ZonedDateTime => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
const epoch = (z: Temporal.ZonedDateTime): number => z.epochMilliseconds;

function localTime(text: string): Temporal.PlainTime | undefined {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(text)) return undefined;
  return Temporal.PlainTime.from(text);
}

/** A local time on a local date; a time skipped by a daylight-saving change moves later (Temporal "compatible"). */
const at = (date: Temporal.PlainDate, time: Temporal.PlainTime, zone: string): number =>
  epoch(date.toZonedDateTime({ timeZone: zone, plainTime: time }));

/** The window of one local date, or undefined when that weekday sends nothing. */
function windowOn(date: Temporal.PlainDate, schedule: SendingSchedule, zone: string): { start: number; end: number } | undefined {
  const start = localTime(schedule.start);
  const end = localTime(schedule.end);
  if (!start || !end || Temporal.PlainTime.compare(start, end) >= 0) return undefined;
  if (!schedule.days.includes(WEEKDAYS[date.dayOfWeek - 1]!)) return undefined;
  return { start: at(date, start, zone), end: at(date, end, zone) };
}

/**
 * The window containing the first instant ≥ `from` at which an action may start: `from` itself
 * when it is inside a window, else the next window's start. Null when the schedule has no window.
 */
export function windowFrom(from: number, schedule: SendingSchedule, zone: string): { start: number; end: number } | null {
  let date = zoned(from, zone).toPlainDate();
  for (let day = 0; day < 8; day++, date = date.add({ days: 1 })) {
    const w = windowOn(date, schedule, zone);
    if (w && from < w.end) return { start: Math.max(from, w.start), end: w.end };
  }
  return null;
}

/** The first instant ≥ `from` inside the sending window, or null when the schedule has none. */
export function nextWindowStart(from: number, schedule: SendingSchedule, zone: string): number | null {
  return windowFrom(from, schedule, zone)?.start ?? null;
}

export function isInsideWindow(instant: number, schedule: SendingSchedule, zone: string): boolean {
  return nextWindowStart(instant, schedule, zone) === instant;
}

/**
 * "N days later": whole days are calendar days (the same local time, whatever a daylight-saving
 * change does to the hours between), a fraction of a day is exact time after that.
 */
export function addCalendarDays(from: number, days: number, zone: string): number {
  const whole = Math.floor(days);
  const rest = Math.round((days - whole) * MS_PER_DAY);
  return epoch(zoned(from, zone).add({ days: whole })) + rest;
}

const EXACT_MS: Readonly<Record<string, number>> = { minutes: 60_000, hours: 3_600_000 };

/** Contract 9.3 delay: minutes and hours exact, days calendar days in `zone`. */
export function addDelay(from: number, amount: number, unit: string, zone: string): number {
  const exact = EXACT_MS[unit];
  return exact !== undefined ? from + Math.round(amount * exact) : addCalendarDays(from, amount, zone);
}

/** The local calendar day of an instant ("2026-03-08"): the day a sender limit counts in. */
export function localDay(instant: number, zone: string): string {
  return zoned(instant, zone).toPlainDate().toString();
}

/** The first instant of the local day after the one `instant` falls in. */
export function nextLocalDayStart(instant: number, zone: string): number {
  return epoch(zoned(instant, zone).toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone: zone }));
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * When the schedule's window is closed at `now`: its next opening in the schedule's zone, with its
 * words ("09:00 Tue (Berlin)"); null while it is open or when the schedule has no window.
 */
export function nextOpening(now: number, schedule: SendingSchedule): { at: number; text: string } | null {
  const zone = windowZone(schedule, null);
  const next = nextWindowStart(now, schedule, zone);
  if (next === null || next === now) return null;
  const local = zoned(next, zone);
  const time = local.toPlainTime().toString({ smallestUnit: 'minute' });
  return { at: next, text: `${time} ${WEEKDAY_NAMES[local.dayOfWeek - 1]} (${timeZoneCity(zone)})` };
}

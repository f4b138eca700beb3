import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addDelay,
  isInsideWindow,
  localDay,
  nextLocalDayStart,
  nextOpening,
  nextWindowStart,
  waitZone,
  windowZone,
  type SendingSchedule,
} from './windows';
import { DEFAULT_SCHEDULE, WEEKDAYS } from '../contract/schedule';

const ms = (iso: string): number => Temporal.Instant.from(iso).epochMilliseconds;
const local = (instant: number, zone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone).toString({ timeZoneName: 'never' });
const HOUR = 3_600_000;

const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kathmandu', 'Australia/Lord_Howe'] as const;
const schedule = (over: Partial<SendingSchedule> = {}): SendingSchedule => ({ ...DEFAULT_SCHEDULE, ...over });

describe('calendar-day waits (contract 9.3: same local time N days later)', () => {
  it('keeps the local time across New York’s spring and autumn changes', () => {
    const friday = ms('2026-03-06T10:00:00-05:00');
    const monday = addCalendarDays(friday, 3, 'America/New_York');
    expect(local(monday, 'America/New_York')).toBe('2026-03-09T10:00:00-04:00');
    expect(monday - friday).toBe(71 * HOUR);
    const before = ms('2026-10-31T10:00:00-04:00');
    expect(local(addCalendarDays(before, 1, 'America/New_York'), 'America/New_York')).toBe('2026-11-01T10:00:00-05:00');
    expect(addCalendarDays(before, 1, 'America/New_York') - before).toBe(25 * HOUR);
  });

  it('keeps the local time across Berlin’s changes', () => {
    expect(local(addCalendarDays(ms('2026-03-28T09:30:00+01:00'), 1, 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-03-29T09:30:00+02:00');
    expect(local(addCalendarDays(ms('2026-10-24T09:30:00+02:00'), 2, 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-10-26T09:30:00+01:00');
  });

  it('is exactly 24 hours a day in Tokyo and Kathmandu (+5:45), which do not change', () => {
    for (const zone of ['Asia/Tokyo', 'Asia/Kathmandu']) {
      const from = ms('2026-03-28T03:15:00Z');
      expect(addCalendarDays(from, 3, zone) - from).toBe(72 * HOUR);
    }
    expect(local(addCalendarDays(ms('2026-10-24T09:00:00+05:45'), 7, 'Asia/Kathmandu'), 'Asia/Kathmandu')).toBe(
      '2026-10-31T09:00:00+05:45',
    );
  });

  it('follows Lord Howe’s half-hour changes (23.5 and 24.5 hour days)', () => {
    const spring = ms('2026-10-03T10:00:00+10:30');
    expect(local(addCalendarDays(spring, 1, 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-10-04T10:00:00+11:00');
    expect(addCalendarDays(spring, 1, 'Australia/Lord_Howe') - spring).toBe(23.5 * HOUR);
    const autumn = ms('2026-04-04T10:00:00+11:00');
    expect(local(addCalendarDays(autumn, 1, 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-04-05T10:00:00+10:30');
    expect(addCalendarDays(autumn, 1, 'Australia/Lord_Howe') - autumn).toBe(24.5 * HOUR);
  });

  it('adds a fraction of a day as exact time; minutes and hours are always exact', () => {
    const from = ms('2026-03-07T12:00:00-05:00');
    expect(local(addCalendarDays(from, 1.5, 'America/New_York'), 'America/New_York')).toBe('2026-03-09T00:00:00-04:00');
    expect(addDelay(from, 30, 'hours', 'America/New_York') - from).toBe(30 * HOUR);
    expect(addDelay(from, 90, 'minutes', 'America/New_York') - from).toBe(1.5 * HOUR);
    expect(local(addDelay(from, 2, 'days', 'America/New_York'), 'America/New_York')).toBe('2026-03-09T12:00:00-04:00');
  });
});

describe('sending windows', () => {
  it('starts at once inside the window, else at the next allowed day’s start', () => {
    const s = schedule({ timeZone: 'Europe/Berlin' });
    const inside = ms('2026-03-27T10:00:00+01:00'); // Friday
    expect(nextWindowStart(inside, s, 'Europe/Berlin')).toBe(inside);
    expect(isInsideWindow(inside, s, 'Europe/Berlin')).toBe(true);
    // Friday after 17:00 → Monday 09:00, after the spring change.
    expect(local(nextWindowStart(ms('2026-03-27T17:00:00+01:00'), s, 'Europe/Berlin')!, 'Europe/Berlin')).toBe('2026-03-30T09:00:00+02:00');
    expect(local(nextWindowStart(ms('2026-03-30T06:00:00+02:00'), s, 'Europe/Berlin')!, 'Europe/Berlin')).toBe('2026-03-30T09:00:00+02:00');
  });

  it('reads the window in the prospect’s zone when known and wanted, else the schedule’s', () => {
    const s = schedule({ timeZone: 'Asia/Tokyo' });
    expect(windowZone(s, 'Asia/Kathmandu')).toBe('Asia/Kathmandu');
    expect(windowZone(s, null)).toBe('Asia/Tokyo');
    expect(windowZone(s, 'Not/A_Zone')).toBe('Asia/Tokyo');
    expect(windowZone({ ...s, useProspectTimeZone: false }, 'Asia/Kathmandu')).toBe('Asia/Tokyo');
    expect(waitZone({ ...s, useProspectTimeZone: false }, 'Asia/Kathmandu')).toBe('Asia/Kathmandu');
    expect(local(nextWindowStart(ms('2026-10-22T03:00:00Z'), s, 'Asia/Kathmandu')!, 'Asia/Kathmandu')).toBe('2026-10-22T09:00:00+05:45');
  });

  it('moves a window start skipped by a daylight-saving change later, never earlier', () => {
    const s = schedule({ start: '02:15', end: '04:00', days: ['sun'] });
    const start = nextWindowStart(ms('2026-10-03T12:00:00Z'), s, 'Australia/Lord_Howe')!;
    expect(local(start, 'Australia/Lord_Howe')).toBe('2026-10-04T02:45:00+11:00');
    const ny = nextWindowStart(ms('2026-03-07T12:00:00Z'), { ...s, start: '02:30' }, 'America/New_York')!;
    expect(local(ny, 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
  });

  it('has no window when no day or no hour is allowed', () => {
    expect(nextWindowStart(0, schedule({ days: [] }), 'UTC')).toBeNull();
    expect(nextWindowStart(0, schedule({ start: '17:00', end: '09:00' }), 'UTC')).toBeNull();
    expect(nextWindowStart(0, schedule({ start: '9am' }), 'UTC')).toBeNull();
  });

  it('always answers an instant inside an allowed local day and hour, and the earliest such one (property)', () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: ms('2026-01-01T00:00:00Z'), max: ms('2026-12-31T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        fc.subarray([...WEEKDAYS], { minLength: 1 }),
        hhmm,
        hhmm,
        (from, zone, days, a, b) => {
          if (a === b) return;
          const [start, end] = a < b ? [a, b] : [b, a];
          const s = schedule({ days, start, end });
          const next = nextWindowStart(from, s, zone)!;
          expect(next).toBeGreaterThanOrEqual(from);
          const z = Temporal.Instant.fromEpochMilliseconds(next).toZonedDateTimeISO(zone);
          expect(days).toContain(WEEKDAYS[z.dayOfWeek - 1]);
          const time = z.toPlainTime().toString().slice(0, 5);
          // Inside [start, end) local, or a start a daylight-saving gap pushed later (by at most an hour).
          expect(time < end || next === from).toBe(true);
          expect(time >= start || z.hour * 60 + z.minute + 60 >= Number(start.slice(0, 2)) * 60 + Number(start.slice(3))).toBe(true);
          // Earliest: `from` itself when it is inside; otherwise the minute before `next` is outside.
          if (next > from) expect(isInsideWindow(next - 60_000, s, zone)).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('quota days', () => {
  it('names the local day and finds the next one’s first instant, on 23- and 25-hour days too', () => {
    const late = ms('2026-03-08T23:30:00-04:00');
    expect(localDay(late, 'America/New_York')).toBe('2026-03-08');
    expect(localDay(late, 'UTC')).toBe('2026-03-09');
    expect(local(nextLocalDayStart(ms('2026-03-08T00:30:00-05:00'), 'America/New_York'), 'America/New_York')).toBe(
      '2026-03-09T00:00:00-04:00',
    );
    expect(nextLocalDayStart(ms('2026-11-01T00:30:00-04:00'), 'America/New_York') - ms('2026-11-01T00:00:00-04:00')).toBe(25 * HOUR);
  });
});

describe('the window’s next opening, in words (the run view’s “next action at”)', () => {
  const berlin = schedule({ timeZone: 'Europe/Berlin' });

  it('names the next opening’s time, weekday and city when the window is closed', () => {
    // Monday 20:00 in Berlin: closed until Tuesday 09:00.
    const monday = ms('2026-11-23T20:00:00+01:00');
    expect(nextOpening(monday, berlin)).toEqual({ at: ms('2026-11-24T09:00:00+01:00'), text: '09:00 Tue (Berlin)' });
    // Saturday: the next weekday is Monday; a zone with an underscore reads as words.
    const saturday = ms('2026-11-28T12:00:00-05:00');
    expect(nextOpening(saturday, schedule({ timeZone: 'America/New_York', start: '08:30' }))?.text).toBe('08:30 Mon (New York)');
  });

  it('is null while the window is open, or when the schedule has no window', () => {
    expect(nextOpening(ms('2026-11-24T10:00:00+01:00'), berlin)).toBeNull();
    expect(nextOpening(ms('2026-11-24T10:00:00+01:00'), schedule({ start: '10:00', end: '09:00' }))).toBeNull();
  });

  it('reads the schedule’s own zone, whatever the prospects’ zones', () => {
    const early = ms('2026-11-24T07:00:00Z'); // 08:00 in Berlin, before its window.
    expect(nextOpening(early, { ...berlin, useProspectTimeZone: true })?.text).toBe('09:00 Tue (Berlin)');
    expect(nextOpening(early, schedule())?.text).toBe('09:00 Tue (UTC)');
  });
});

import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from '../time-zones';
import { completeSchedule, DEFAULT_SCHEDULE, patchAccountBody, scheduleBody } from './schedule';

describe('IANA time zones', () => {
  it.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Asia/Calcutta'])('accepts %s', (zone) =>
    expect(isIanaTimeZone(zone)).toBe(true),
  );
  it.each(['', 'Mars/Olympus', '+01:00', 'Europe/Paris ', 'GMT+1', 'Europe//Paris'])('refuses %j', (zone) =>
    expect(isIanaTimeZone(zone)).toBe(false),
  );
});

const issues = (value: unknown) => {
  const result = scheduleBody.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('schedule (contract 9.3)', () => {
  it('an empty body is the defaults', () => {
    expect(issues({})).toEqual([]);
    expect(completeSchedule(scheduleBody.parse({}))).toEqual(DEFAULT_SCHEDULE);
  });
  it('stores a zone under its canonical name, whatever its case or age', () => {
    expect(scheduleBody.parse({ timeZone: 'europe/paris' }).timeZone).toBe('Europe/Paris');
    expect(scheduleBody.parse({ timeZone: 'Asia/Calcutta' }).timeZone).toBe('Asia/Kolkata');
    expect(scheduleBody.parse({ timeZone: 'asia/saigon' }).timeZone).toBe('Asia/Ho_Chi_Minh');
    expect(scheduleBody.parse({ timeZone: 'Etc/UTC' }).timeZone).toBe('UTC');
  });
  it('days come back in week order', () =>
    expect(completeSchedule(scheduleBody.parse({ days: ['sun', 'mon'] })).days).toEqual(['mon', 'sun']));
  it('refuses a bad zone, no days, a repeated day, end before or at start, a bad time', () => {
    expect(issues({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone: must be an IANA time zone name such as Europe/Paris or UTC']);
    expect(issues({ days: [] })).toEqual(['days: choose at least one day']);
    expect(issues({ days: ['mon', 'mon'] })).toEqual(['days: lists a day twice']);
    expect(issues({ start: '18:00' })).toEqual(['end: must be after the start (18:00)']);
    expect(issues({ start: '10:00', end: '10:00' })).toEqual(['end: must be after the start (10:00)']);
    expect(issues({ end: '24:00' })).toEqual(['end: must be a time of day written HH:MM, from 00:00 to 23:59']);
    expect(issues({ extra: 1 })).toHaveLength(1);
  });
});

describe('daily limits patch', () => {
  it('takes some kinds, refuses negative, over the maximum and unknown kinds', () => {
    expect(patchAccountBody.safeParse({ dailyLimits: { message: 10 } }).success).toBe(true);
    expect(patchAccountBody.safeParse({ dailyLimits: { message: -1 } }).success).toBe(false);
    expect(patchAccountBody.safeParse({ dailyLimits: { message: 10_001 } }).success).toBe(false);
    expect(patchAccountBody.safeParse({ dailyLimits: { email: 1 } }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { DEFAULT_LIMITS_SENTENCE, DEFAULT_WINDOW_SENTENCE, describeDays, describeWindow } from './schedule-words';

describe('schedule words', () => {
  it('says the days as people do', () => {
    expect(describeDays(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Monday to Friday');
    expect(describeDays(['fri', 'mon', 'wed'])).toBe('Monday, Wednesday and Friday');
    expect(describeDays(['sat', 'sun'])).toBe('Saturday and Sunday');
    expect(describeDays(['tue'])).toBe('Tuesday');
    expect(describeDays(['sat', 'mon', 'tue', 'wed', 'thu'])).toBe('Monday to Thursday and Saturday');
    expect(describeDays(['mon', 'tue', 'thu', 'fri', 'sat'])).toBe('Monday, Tuesday and Thursday to Saturday');
    expect(describeDays([])).toBe('No day');
    expect(describeDays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('Every day');
  });
  it('says the window and the defaults in one sentence each', () => {
    expect(DEFAULT_WINDOW_SENTENCE).toBe('Monday to Friday, 09:00–17:00, in each prospect’s own time zone when it is known, else UTC');
    expect(describeWindow({ days: ['sat'], start: '10:00', end: '12:30', timeZone: 'Europe/Paris', useProspectTimeZone: false })).toBe(
      'Saturday, 10:00–12:30, Paris time',
    );
    expect(describeWindow({ ...DEFAULT_SCHEDULE, timeZone: 'America/New_York' })).toBe(
      'Monday to Friday, 09:00–17:00, in each prospect’s own time zone when it is known, else New York',
    );
    expect(DEFAULT_LIMITS_SENTENCE).toBe('20 invitations, 60 messages, 20 InMails, 80 profile visits, 100 other actions');
  });
});

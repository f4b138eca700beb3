import { describe, expect, it } from 'vitest';
import { calendarDayIn, calendarDayWords } from './format';
import { rampSentence, warmingUp, weekGaugeSentence } from './sender-limit-words';

describe('rampSentence', () => {
  // 2026-03-02 is a Monday.
  it('says today’s ceiling and the weekday the daily limit is reached', () => {
    expect(rampSentence({ startDaily: 9, addPerDay: 3, startedOn: '2026-03-01' }, 20, '2026-03-02')).toBe(
      'Warming up: 12 a day, 20 from Thursday',
    );
  });

  it('says tomorrow, and a date past the week', () => {
    expect(rampSentence({ startDaily: 10, addPerDay: 10, startedOn: '2026-03-02' }, 20, '2026-03-02')).toBe(
      'Warming up: 10 a day, 20 from tomorrow',
    );
    expect(rampSentence({ startDaily: 2, addPerDay: 3, startedOn: '2026-03-02' }, 100, '2026-03-02')).toBe(
      'Warming up: 2 a day, 100 from 4 Apr',
    );
  });

  it('says when the ramp is over or does not rise', () => {
    expect(rampSentence({ startDaily: 5, addPerDay: 5, startedOn: '2026-01-01' }, 20, '2026-03-02')).toBe(
      'Warm-up done: the daily limit of 20 applies',
    );
    expect(rampSentence({ startDaily: 5, addPerDay: 0, startedOn: '2026-03-01' }, 20, '2026-03-02')).toBe(
      'Warming up: 5 a day, not rising (none added per day)',
    );
  });

  it('counts thousands with separators', () => {
    expect(rampSentence({ startDaily: 100, addPerDay: 50, startedOn: '2026-03-02' }, 1000, '2026-03-02')).toBe(
      'Warming up: 100 a day, 1,000 from 20 Mar',
    );
  });
});

describe('calendar days', () => {
  it('are read in the sender’s zone', () => {
    const instant = Date.parse('2026-03-02T23:30:00Z');
    expect(calendarDayIn('UTC', instant)).toBe('2026-03-02');
    expect(calendarDayIn('Asia/Tokyo', instant)).toBe('2026-03-03');
    expect(calendarDayIn('America/New_York', instant)).toBe('2026-03-02');
  });

  it('say today, tomorrow, a weekday, then a date (with the year in another one)', () => {
    expect(calendarDayWords('2026-03-02', '2026-03-02')).toBe('today');
    expect(calendarDayWords('2026-03-03', '2026-03-02')).toBe('tomorrow');
    expect(calendarDayWords('2026-03-08', '2026-03-02')).toBe('Sunday');
    expect(calendarDayWords('2026-03-09', '2026-03-02')).toBe('9 Mar');
    expect(calendarDayWords('2027-01-04', '2026-12-30')).toBe('Monday');
    expect(calendarDayWords('2027-01-14', '2026-12-30')).toBe('14 Jan 2027');
  });
});

describe('the run view’s week and warm-up', () => {
  it('says the rolling week against its cap', () => {
    expect(weekGaugeSentence('Invitations to connect', 7, 100)).toBe(
      'Invitations to connect: 7 of 100 this week (any 7 days in a row), all campaigns',
    );
  });
  it('is warming up only while the ramp is under the limit', () => {
    const warmUp = { startDaily: 9, addPerDay: 3, startedOn: '2026-03-01' };
    expect(warmingUp(warmUp, 20, '2026-03-02')).toBe(true);
    expect(warmingUp(warmUp, 20, '2026-03-05')).toBe(false);
    expect(warmingUp(warmUp, 12, '2026-03-02')).toBe(false);
    expect(warmingUp(null, 20, '2026-03-02')).toBe(false);
  });
});

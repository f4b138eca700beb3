import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WEEKLY_LIMIT, patchAccountBody } from '../contract/accounts';
import { DEFAULT_DAILY_LIMITS } from '../contract/schedule';
import {
  addDays,
  dailyLimitOn,
  daysBetween,
  nextDayWithWeekRoom,
  rampFrom,
  senderRules,
  slotsOverLimits,
  weekCount,
  weekRoom,
  weeksAround,
} from './sender-limits';

/** Contract 10.2: the pure side of a sender's daily, weekly and warm-up limits. */

const day = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2024-01-01', n));
const warmUp = fc.record({ startDaily: fc.integer({ min: 1, max: 100 }), addPerDay: fc.integer({ min: 0, max: 50 }), startedOn: day });
const limit = fc.integer({ min: 0, max: 1_000 });

describe('calendar days', () => {
  it('adds and counts days exactly, across month and leap-year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    fc.assert(fc.property(day, fc.integer({ min: -400, max: 400 }), (d, n) => daysBetween(d, addDays(d, n)) === n));
  });

  it('a rolling week is the day and the six before it, and 13 days decide every week that holds a day', () => {
    const around = weeksAround('2026-03-08');
    expect(around).toHaveLength(13);
    expect(around[0]).toBe('2026-03-02');
    expect(around[12]).toBe('2026-03-14');
    expect(weekCount((d) => (d >= '2026-03-02' && d <= '2026-03-08' ? 1 : 0), '2026-03-08')).toBe(7);
  });
});

describe('warm-up (contract 10.2)', () => {
  it('each daily limit is min(limit, startDaily + addPerDay × days since startedOn)', () => {
    fc.assert(
      fc.property(warmUp, limit, fc.integer({ min: 0, max: 400 }), (w, cap, n) => {
        const rules = senderRules({ dailyLimits: { connection_request: cap }, warmUp: w });
        const on = dailyLimitOn(rules, 'connection_request', addDays(w.startedOn, n));
        expect(on.limit).toBe(Math.min(cap, w.startDaily + w.addPerDay * n));
        expect(on.byWarmUp).toBe(w.startDaily + w.addPerDay * n < cap);
      }),
    );
  });

  it('a warm-up ceiling equal to the daily limit is not what holds it', () => {
    const w = { startDaily: 12, addPerDay: 4, startedOn: '2026-03-02' };
    const rules = senderRules({ dailyLimits: { message: 20 }, warmUp: w });
    expect(dailyLimitOn(rules, 'message', '2026-03-03')).toEqual({ limit: 16, byWarmUp: true });
    expect(dailyLimitOn(rules, 'message', '2026-03-04')).toEqual({ limit: 20, byWarmUp: false });
    expect(dailyLimitOn(rules, 'message', '2026-03-05')).toEqual({ limit: 20, byWarmUp: false });
  });

  it('never lowers a limit as days pass, and without warm-up is the daily limit', () => {
    fc.assert(
      fc.property(warmUp, limit, day, (w, cap, d) => {
        const rules = senderRules({ dailyLimits: { message: cap }, warmUp: w });
        expect(dailyLimitOn(rules, 'message', addDays(d, 1)).limit).toBeGreaterThanOrEqual(dailyLimitOn(rules, 'message', d).limit);
        expect(dailyLimitOn(senderRules({ dailyLimits: { message: cap } }), 'message', d)).toEqual({ limit: cap, byWarmUp: false });
      }),
    );
  });

  it('the ramp says today’s ceiling and the first day at the full limit: "12 a day, 20 from Thursday"', () => {
    // Started Monday 2026-03-02 at 12, 4 more a day: Wednesday 20 would be 20; full from Wednesday.
    expect(rampFrom({ startDaily: 12, addPerDay: 4, startedOn: '2026-03-02' }, 20, '2026-03-02')).toEqual({
      today: 12,
      fullOn: '2026-03-04',
    });
    expect(rampFrom({ startDaily: 12, addPerDay: 3, startedOn: '2026-03-02' }, 20, '2026-03-02')).toEqual({
      today: 12,
      fullOn: '2026-03-05',
    });
    expect(rampFrom({ startDaily: 12, addPerDay: 0, startedOn: '2026-03-02' }, 20, '2026-03-09')).toEqual({ today: 12, fullOn: null });
    fc.assert(
      fc.property(warmUp, fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 100 }), (w, cap, n) => {
        const today = addDays(w.startedOn, n);
        const ramp = rampFrom(w, cap, today);
        const rules = senderRules({ dailyLimits: { other: cap }, warmUp: w });
        expect(ramp.today).toBe(dailyLimitOn(rules, 'other', today).limit);
        if (ramp.fullOn === null) return;
        expect(ramp.fullOn > today).toBe(true);
        expect(dailyLimitOn(rules, 'other', ramp.fullOn).limit).toBe(cap);
        expect(dailyLimitOn(rules, 'other', addDays(ramp.fullOn, -1)).byWarmUp).toBe(true);
      }),
    );
  });
});

/** Counts by day over a few weeks. */
const counts = fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 })), { maxLength: 25 }).map((pairs) => {
  const map = new Map<string, number>();
  for (const [offset, n] of pairs) map.set(addDays('2026-03-01', offset), n);
  return map;
});

describe('rolling weeks (contract 10.2 weekly limits)', () => {
  it('the room of a day is what keeps every week that holds it at or under the limit', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 200 }), (map, offset, cap) => {
        const d = addDays('2026-03-01', offset);
        const used = (x: string) => map.get(x) ?? 0;
        const room = weekRoom(used, d, cap);
        const after = (x: string) => used(x) + (x === d ? room : 0);
        const weeks = Array.from({ length: 7 }, (_, i) => weekCount(after, addDays(d, i)));
        // Taking the room keeps every week at most at the limit (or where it already was) …
        for (let i = 0; i < 7; i++) expect(weeks[i]!).toBeLessThanOrEqual(Math.max(cap, weekCount(used, addDays(d, i))));
        // … and one more would put one over it.
        const more = (x: string) => after(x) + (x === d ? 1 : 0);
        expect(Array.from({ length: 7 }, (_, i) => weekCount(more, addDays(d, i))).some((n) => n > cap)).toBe(true);
      }),
    );
  });

  it('the next day with room is the first day after whose weeks have room', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 200 }), (map, offset, cap) => {
        const d = addDays('2026-03-01', offset);
        const used = (x: string) => map.get(x) ?? 0;
        const next = nextDayWithWeekRoom(used, d, cap);
        const gap = daysBetween(d, next);
        expect(gap).toBeGreaterThanOrEqual(1);
        expect(gap).toBeLessThanOrEqual(7);
        for (let i = 1; i < gap; i++) expect(weekRoom(used, addDays(d, i), cap)).toBe(0);
      }),
    );
  });

  it('slots over a lowered limit: giving them back leaves no day over its daily limit and no week over the weekly one', () => {
    fc.assert(
      fc.property(counts, limit, fc.integer({ min: 0, max: 150 }), fc.option(warmUp, { nil: null }), (map, daily, weekly, w) => {
        const rules = senderRules({ dailyLimits: { connection_request: daily }, weeklyLimits: { connection_request: weekly }, warmUp: w });
        const give = slotsOverLimits(rules, 'connection_request', map);
        const left = (x: string) => (map.get(x) ?? 0) - (give.get(x) ?? 0);
        for (const [d, n] of give) {
          expect(n).toBeGreaterThan(0);
          expect(n).toBeLessThanOrEqual(map.get(d)!);
        }
        for (const d of map.keys()) {
          expect(left(d)).toBeLessThanOrEqual(dailyLimitOn(rules, 'connection_request', d).limit);
          expect(weekCount(left, d)).toBeLessThanOrEqual(weekly);
        }
        // Only planned slots can be given back: a week stays over only when all of its planned ones are.
        const planned = new Map([...map].filter(([d]) => d >= '2026-03-15'));
        const some = slotsOverLimits(rules, 'connection_request', map, planned);
        const kept = (x: string) => (map.get(x) ?? 0) - (some.get(x) ?? 0);
        for (const [d, n] of some) expect(n).toBeLessThanOrEqual(planned.get(d)!);
        for (const d of map.keys())
          if (weekCount(kept, d) > weekly || kept(d) > dailyLimitOn(rules, 'connection_request', d).limit)
            for (let i = 0; i < 7; i++) expect(some.get(addDays(d, -i)) ?? 0).toBe(planned.get(addDays(d, -i)) ?? 0);
        // Nothing is given back when nothing is over.
        if (
          [...map].every(
            ([d, n]) => n <= dailyLimitOn(rules, 'connection_request', d).limit && weekCount((x) => map.get(x) ?? 0, d) <= weekly,
          )
        )
          expect(give.size).toBe(0);
      }),
    );
  });
});

describe('PATCH /api/messaging/accounts/{id} body (contract 10.2)', () => {
  it('takes the zone, limits and warm-up within their bounds, the zone canonical', () => {
    const ok = patchAccountBody.safeParse({
      timeZone: 'europe/paris',
      dailyLimits: { connection_request: 1_000 },
      weeklyLimits: { connection_request: MAX_WEEKLY_LIMIT, message: null },
      warmUp: { startDaily: 12, addPerDay: 4, startedOn: '2026-03-02' },
    });
    expect(ok.success && ok.data.timeZone).toBe('Europe/Paris');
    expect(patchAccountBody.safeParse({ warmUp: null }).success).toBe(true);
  });

  it.each([
    [{}],
    [{ dailyLimits: { message: -1 } }],
    [{ dailyLimits: { message: 1_001 } }],
    [{ weeklyLimits: { connection_request: -5 } }],
    [{ weeklyLimits: { connection_request: MAX_WEEKLY_LIMIT + 1 } }],
    [{ weeklyLimits: { connection_request: null } }],
    [{ weeklyLimits: { email: 3 } }],
    [{ warmUp: { startDaily: 0, addPerDay: 1, startedOn: '2026-03-02' } }],
    [{ warmUp: { startDaily: 101, addPerDay: 1, startedOn: '2026-03-02' } }],
    [{ warmUp: { startDaily: 10, addPerDay: 51, startedOn: '2026-03-02' } }],
    [{ warmUp: { startDaily: 10, addPerDay: 1, startedOn: '2026-02-30' } }],
    [{ warmUp: { startDaily: 10, addPerDay: 1 } }],
    [{ timeZone: '+02:00' }],
    [{ timeZone: 'Mars/Olympus' }],
  ])('refuses %j', (body) => {
    expect(patchAccountBody.safeParse(body).success).toBe(false);
  });

  it('defaults: 100 invitations a week, the 9.3 daily limits, no warm-up, UTC', () => {
    expect(senderRules({})).toEqual({
      timeZone: 'UTC',
      dailyLimits: DEFAULT_DAILY_LIMITS,
      weeklyLimits: { connection_request: 100 },
      warmUp: null,
    });
  });
});

describe('rolling weeks, exact answers', () => {
  const D = '2026-03-10';
  const at = (entries: [number, number][]) => new Map(entries.map(([offset, n]) => [addDays(D, offset), n] as const));
  const usedOf = (map: Map<string, number>) => (x: string) => map.get(x) ?? 0;

  it('a week counts exactly seven days', () => {
    expect(weekCount(() => 1, D)).toBe(7);
    expect(weekCount(usedOf(at([[-7, 5]])), D)).toBe(0);
    expect(weekCount(usedOf(at([[-6, 5]])), D)).toBe(5);
  });

  it('the room of a day ignores the week that starts the day after it', () => {
    expect(weekRoom(usedOf(at([[7, 10]])), D, 10)).toBe(10);
    expect(weekRoom(usedOf(at([[6, 4]])), D, 10)).toBe(6);
    expect(weekRoom(usedOf(at([[-6, 3]])), D, 10)).toBe(7);
    expect(weekRoom(usedOf(at([[-7, 3]])), D, 10)).toBe(10);
  });

  it('the next day with room skips the days whose weeks are full', () => {
    expect(nextDayWithWeekRoom(usedOf(at([[0, 5]])), D, 5)).toBe(addDays(D, 7));
    expect(nextDayWithWeekRoom(usedOf(at([[-3, 5]])), D, 5)).toBe(addDays(D, 4));
    expect(nextDayWithWeekRoom(usedOf(at([[0, 4]])), D, 5)).toBe(addDays(D, 1));
  });

  const weeklyRules = (weekly: number, daily = 1_000) =>
    senderRules({ dailyLimits: { connection_request: daily }, weeklyLimits: { connection_request: weekly } });

  it('gives back from the end of an over week, only what is over', () => {
    expect(
      slotsOverLimits(
        weeklyRules(5),
        'connection_request',
        at([
          [0, 4],
          [1, 4],
        ]),
      ),
    ).toEqual(at([[1, 3]]));
  });

  it('gives back from earlier days of the week when its last day cannot', () => {
    const counts = at([
      [0, 4],
      [1, 4],
    ]);
    expect(slotsOverLimits(weeklyRules(6), 'connection_request', counts, at([[0, 4]]))).toEqual(at([[0, 2]]));
  });

  it('never gives back a day outside the over week', () => {
    const counts = at([
      [0, 2],
      [7, 6],
    ]);
    expect(slotsOverLimits(weeklyRules(5), 'connection_request', counts, at([[0, 2]]))).toEqual(new Map());
  });

  it('counts what a day already gave back for its daily limit, in its week and in what it may still give', () => {
    expect(slotsOverLimits(weeklyRules(8, 8), 'connection_request', at([[0, 10]]))).toEqual(at([[0, 2]]));
    expect(slotsOverLimits(weeklyRules(5, 8), 'connection_request', at([[0, 10]]), at([[0, 3]]))).toEqual(at([[0, 3]]));
  });

  it('settles the weeks in calendar order, whatever order the counts come in', () => {
    const counts = at([
      [7, 5],
      [3, 5],
      [0, 5],
    ]);
    expect(slotsOverLimits(weeklyRules(5), 'connection_request', counts)).toEqual(at([[3, 5]]));
  });

  it('without a weekly limit only the daily one gives back', () => {
    const rules = senderRules({ dailyLimits: { message: 20 } });
    expect(slotsOverLimits(rules, 'message', at([[0, 10]]))).toEqual(new Map());
    expect(slotsOverLimits(rules, 'message', at([[0, 25]]))).toEqual(at([[0, 5]]));
  });
});

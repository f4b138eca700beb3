import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { zoneOffsets } from './zone';

/** The arithmetic on cached offsets must agree with Temporal itself, across every daylight-saving change. */

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago', 'UTC'];
const FROM = Date.UTC(2026, 0, 1);
const SPAN = 3 * 365 * 86_400_000;
const zdt = (ms: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);

describe('zoneOffsets', () => {
  it('reads the same offset as Temporal at any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: SPAN }), (zone, after) => {
        const ms = FROM + after;
        expect(zoneOffsets(zone, FROM).offsetAt(ms)).toBe(zdt(ms, zone).offsetNanoseconds / 1e6);
      }),
      { numRuns: 300 },
    );
  });

  it('adds calendar days like Temporal: the same local time, a skipped time moved forward', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: SPAN }), fc.integer({ min: 0, max: 40 }), (zone, after, days) => {
        const ms = FROM + after;
        expect(zoneOffsets(zone, FROM).addDays(ms, days)).toBe(zdt(ms, zone).add({ days }).epochMilliseconds);
      }),
      { numRuns: 300 },
    );
  });

  it('resolves the skipped and the repeated hour as Temporal’s compatible choice', () => {
    const berlin = zoneOffsets('Europe/Berlin', FROM);
    const local = (iso: string) => Date.parse(`${iso}Z`);
    // 29 March 2026 02:30 does not exist in Berlin: it is read as 03:30 CEST (01:30Z).
    expect(berlin.instantOf(local('2026-03-29T02:30:00'))).toBe(Date.parse('2026-03-29T01:30:00Z'));
    // 25 October 2026 02:30 happens twice: the first, CEST (00:30Z).
    expect(berlin.instantOf(local('2026-10-25T02:30:00'))).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect(berlin.localDay(Date.parse('2026-10-24T22:30:00Z'))).toBe(Math.floor(local('2026-10-25T00:30:00') / 86_400_000));
  });
});

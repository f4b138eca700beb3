import { Temporal } from 'temporal-polyfill';

/**
 * A time zone's UTC offsets, read from Temporal (DST-correct) once per stretch of time and then
 * looked up by arithmetic: the forecast converts tens of thousands of instants, and one Temporal
 * conversion costs about 0.1 ms. Offsets are probed every two weeks; where two probes differ, the
 * exact transition comes from Temporal (no real zone changes its offset twice within two weeks).
 */

export const DAY_MS = 86_400_000;
const PROBE_MS = 14 * DAY_MS;
/** Known offsets start this long before the first instant asked, for local times just before it. */
const LEAD_MS = 2 * DAY_MS;

const offsetOf = (zone: string, ms: number): number =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).offsetNanoseconds / 1_000_000;

export class ZoneOffsets {
  /** Segment i starts at `starts[i]` and has offset `offsets[i]` (ms); known up to `horizon`. */
  private readonly starts: number[];
  private readonly offsets: number[];
  private horizon: number;
  private last = 0;

  constructor(
    readonly zone: string,
    from: number,
    fixedOffset?: number,
  ) {
    const origin = from - LEAD_MS;
    this.starts = [origin];
    this.offsets = [fixedOffset ?? offsetOf(zone, origin)];
    this.horizon = fixedOffset === undefined ? origin : Infinity;
  }

  get origin(): number {
    return this.starts[0]!;
  }

  /** The zone's offset from UTC at an instant at or after the origin, in ms. */
  offsetAt(ms: number): number {
    while (ms >= this.horizon) this.extend();
    const { starts } = this;
    let i = this.last;
    // Lookups mostly move forward in time: try the last segment and its successor before searching.
    if (!(starts[i]! <= ms && (i + 1 === starts.length || ms < starts[i + 1]!))) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= ms) lo = mid;
        else hi = mid - 1;
      }
      i = lo;
    }
    this.last = i;
    return this.offsets[i]!;
  }

  /** The local day number (days since 1970-01-01 on the zone's calendar) of an instant. */
  localDay(ms: number): number {
    return Math.floor((ms + this.offsetAt(ms)) / DAY_MS);
  }

  /**
   * The instant of a local wall-clock time (ms since the local epoch), resolved like Temporal's
   * `compatible`: a time skipped by a DST change moves forward by the change, a repeated one takes its first instant.
   */
  instantOf(local: number): number {
    const before = this.offsetAt(Math.max(this.origin, local - DAY_MS));
    const after = this.offsetAt(local + DAY_MS);
    const early = local - before;
    const late = local - after;
    const earlyFits = early >= this.origin && this.offsetAt(early) === before;
    const lateFits = late >= this.origin && this.offsetAt(late) === after;
    if (earlyFits && lateFits) return Math.min(early, late);
    if (earlyFits) return early;
    if (lateFits) return late;
    return early;
  }

  /** `days` calendar days after an instant: the same local time that many days later; a fraction is exact time. */
  addDays(ms: number, days: number): number {
    const whole = Math.floor(days);
    const shifted = whole === 0 ? ms : this.instantOf(ms + this.offsetAt(ms) + whole * DAY_MS);
    return shifted + (days - whole) * DAY_MS;
  }

  private extend(): void {
    const probe = this.horizon + PROBE_MS;
    const offset = offsetOf(this.zone, probe);
    let current = this.offsets[this.offsets.length - 1]!;
    let from = Temporal.Instant.fromEpochMilliseconds(this.horizon).toZonedDateTimeISO(this.zone);
    while (current !== offset) {
      const next = from.getTimeZoneTransition('next');
      if (!next || next.epochMilliseconds > probe) break;
      current = next.offsetNanoseconds / 1_000_000;
      this.starts.push(next.epochMilliseconds);
      this.offsets.push(current);
      from = next;
    }
    this.horizon = probe;
  }
}

const FIXED_UTC = new Set(['UTC', 'ETC/UTC', 'ETC/GMT', 'GMT', 'ETC/UCT', 'UCT', 'ETC/ZULU', 'ZULU', 'ETC/UNIVERSAL', 'UNIVERSAL']);

/** Offsets already read, per zone, shared by every forecast (a pure memo: the same zone always has the same offsets). */
const known = new Map<string, ZoneOffsets>();

/** The offsets of a zone, known from at least `from` onwards. Throws a RangeError for an unknown zone. */
export function zoneOffsets(zone: string, from: number): ZoneOffsets {
  const cached = known.get(zone);
  if (cached && cached.origin <= from - LEAD_MS) return cached;
  // UTC has no transitions: its offsets need no Temporal at all.
  const fresh = new ZoneOffsets(zone, from, FIXED_UTC.has(zone.toUpperCase()) ? 0 : undefined);
  known.set(zone, fresh);
  return fresh;
}

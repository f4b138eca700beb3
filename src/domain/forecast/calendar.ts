import { WEEKDAYS, type Schedule } from '../contract/schedule';
import { DAY_MS, zoneOffsets, type ZoneOffsets } from './zone';

/**
 * Contract 9.3 sending window on the schedule's time zone: which local days send, when each day's
 * window opens and closes (as instants, DST-correct), and the first instant an action may start.
 */

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Monday = 0 … Sunday = 6 of a local day number (1970-01-01 was a Thursday). */
const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;

export class SendingCalendar {
  readonly zone: ZoneOffsets;
  private readonly sends: boolean[];
  private readonly startMs: number;
  private readonly endMs: number;
  private readonly windows = new Map<number, readonly [number, number]>();
  /** The last window found open: most questions fall inside it. */
  private openFrom = 0;
  private openUntil = 0;

  constructor(schedule: Schedule, from: number) {
    this.zone = zoneOffsets(schedule.timeZone, from);
    this.sends = WEEKDAYS.map((d) => schedule.days.includes(d));
    this.startMs = minutesOf(schedule.start) * 60_000;
    this.endMs = minutesOf(schedule.end) * 60_000;
  }

  isSendingDay(day: number): boolean {
    return this.sends[weekdayOf(day)]!;
  }

  /** The local day (schedule time zone) of an instant: daily limits count per such day. */
  dayOf(ms: number): number {
    return this.zone.localDay(ms);
  }

  /** The opening and closing instants of a local day's window (whether or not that day sends). */
  window(day: number): readonly [number, number] {
    let found = this.windows.get(day);
    if (!found) {
      found = [this.zone.instantOf(day * DAY_MS + this.startMs), this.zone.instantOf(day * DAY_MS + this.endMs)];
      this.windows.set(day, found);
    }
    return found;
  }

  /** The first instant at or after `ms` inside a window. */
  nextOpening(ms: number): number {
    if (ms >= this.openFrom && ms < this.openUntil) return ms;
    for (let day = this.dayOf(ms) - 1; ; day++) {
      if (!this.isSendingDay(day)) continue;
      const [open, close] = this.window(day);
      if (ms >= close) continue;
      if (ms >= open) [this.openFrom, this.openUntil] = [open, close];
      return Math.max(ms, open);
    }
  }

  /** The opening of the first sending day after the one `ms` falls on. */
  nextDayOpening(ms: number): number {
    for (let day = this.dayOf(ms) + 1; ; day++) if (this.isSendingDay(day)) return this.window(day)[0];
  }

  /** Sending days whose window is still open after `from` and has opened by `until`. */
  sendingDaysBetween(from: number, until: number): number {
    let days = 0;
    for (let day = this.dayOf(from) - 1; day <= this.dayOf(until) + 1; day++) {
      if (!this.isSendingDay(day)) continue;
      const [open, close] = this.window(day);
      if (close > from && open <= until) days++;
    }
    return days;
  }
}

/** "2026-11-25": the calendar date of a local day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

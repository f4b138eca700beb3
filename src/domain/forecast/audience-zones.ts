import type { ProspectTimeZones } from '../contract/runs';
import type { Schedule } from '../contract/schedule';
import { waitZone, windowZone } from '../run/windows';
import { SendingCalendar } from './calendar';
import type { ZoneOffsets } from './zone';

/**
 * Where each simulated prospect lives (contract 9.3): its sending window is read in its own zone when
 * known and the schedule says so, else in the schedule's; its calendar-day waits count in its own
 * zone when known — the engine's `windowZone` / `waitZone`. The audience takes the zones in
 * proportion to the counts given, interleaved (smooth weighted round-robin), so each zone's prospects
 * spread through the queue as enrolled prospects do rather than standing in one block.
 */

export interface AudienceZones {
  /** The sending calendars of the zones met; the first is the schedule's own. */
  readonly windows: readonly SendingCalendar[];
  /** The zones calendar-day waits count in. */
  readonly waits: readonly ZoneOffsets[];
  /** Per prospect: the index of its window calendar and of its wait zone. */
  readonly windowOf: Int32Array;
  readonly waitOf: Int32Array;
}

export function audienceZones(schedule: Schedule, counts: ProspectTimeZones, audience: number, start: number): AudienceZones {
  const windows = [new SendingCalendar(schedule, start)];
  const windowIndex = new Map([[windows[0]!.zone.zone, 0]]);
  const waits = [windows[0]!.zone];
  const waitIndex = new Map([[waits[0]!.zone, 0]]);
  const windowOf = new Int32Array(audience);
  const waitOf = new Int32Array(audience);
  // Entries that land in the same two zones are one stratum.
  const strata = new Map<string, { window: number; wait: number; weight: number }>();
  for (const { timeZone, prospects } of counts) {
    const windowName = windowZone(schedule, timeZone);
    const waitName = waitZone(schedule, timeZone);
    if (!windowIndex.has(windowName)) {
      windowIndex.set(windowName, windows.length);
      windows.push(new SendingCalendar({ ...schedule, timeZone: windowName }, start));
    }
    if (!waitIndex.has(waitName)) {
      waitIndex.set(waitName, waits.length);
      waits.push(new SendingCalendar({ ...schedule, timeZone: waitName }, start).zone);
    }
    const key = `${windowName} ${waitName}`;
    const stratum = strata.get(key) ?? { window: windowIndex.get(windowName)!, wait: waitIndex.get(waitName)!, weight: 0 };
    stratum.weight += prospects;
    strata.set(key, stratum);
  }
  const list = [...strata.values()];
  const total = list.reduce((sum, s) => sum + s.weight, 0);
  if (total === 0) return { windows, waits, windowOf, waitOf };
  const credit = new Float64Array(list.length);
  for (let p = 0; p < audience; p++) {
    let best = 0;
    for (let i = 0; i < list.length; i++) {
      credit[i]! += list[i]!.weight;
      if (credit[i]! > credit[best]!) best = i;
    }
    credit[best]! -= total;
    windowOf[p] = list[best]!.window;
    waitOf[p] = list[best]!.wait;
  }
  return { windows, waits, windowOf, waitOf };
}

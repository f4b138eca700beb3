import { DAILY_LIMIT_WORDS } from '../../../domain/catalog';
import { formatCount } from '../../ui/format';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE, WEEKDAYS, type DailyLimitKind, type Weekday } from '../../../domain/contract/schedule';
import { timeZoneCity } from '../../../domain/time-zones';

/** Days in users' words, Monday first. */
export const DAY_LABEL: Record<Weekday, { short: string; long: string }> = {
  mon: { short: 'Mon', long: 'Monday' },
  tue: { short: 'Tue', long: 'Tuesday' },
  wed: { short: 'Wed', long: 'Wednesday' },
  thu: { short: 'Thu', long: 'Thursday' },
  fri: { short: 'Fri', long: 'Friday' },
  sat: { short: 'Sat', long: 'Saturday' },
  sun: { short: 'Sun', long: 'Sunday' },
};

/** "Monday to Friday", "Monday to Thursday and Saturday", "Monday, Wednesday and Friday", "Every day". */
export function describeDays(days: readonly Weekday[]): string {
  const on = WEEKDAYS.map((d) => days.includes(d));
  if (on.every(Boolean)) return 'Every day';
  const parts: string[] = [];
  for (let i = 0; i < WEEKDAYS.length; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < WEEKDAYS.length && on[j + 1]) j++;
    // Three days or more in a row read as a range; one or two as names.
    if (j - i >= 2) parts.push(`${DAY_LABEL[WEEKDAYS[i]!].long} to ${DAY_LABEL[WEEKDAYS[j]!].long}`);
    else for (let k = i; k <= j; k++) parts.push(DAY_LABEL[WEEKDAYS[k]!].long);
    i = j;
  }
  if (parts.length === 0) return 'No day';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The window in one sentence: "Monday to Friday, 09:00–17:00, in each prospect's time zone when known (else UTC)". */
export function describeWindow(s: {
  days: readonly Weekday[];
  start: string;
  end: string;
  timeZone: string;
  useProspectTimeZone: boolean;
}): string {
  const zone = timeZoneCity(s.timeZone);
  const where = s.useProspectTimeZone ? `in each prospect’s own time zone when it is known, else ${zone}` : `${zone} time`;
  return `${describeDays(s.days)}, ${s.start}–${s.end}, ${where}`;
}

/** The contract 9.3 defaults, said once for the help text. */
export const DEFAULT_WINDOW_SENTENCE = describeWindow(DEFAULT_SCHEDULE);
export const DEFAULT_LIMITS_SENTENCE = (Object.keys(DEFAULT_DAILY_LIMITS) as DailyLimitKind[])
  .map((k) => `${formatCount(DEFAULT_DAILY_LIMITS[k])} ${DAILY_LIMIT_WORDS[k].many}`)
  .join(', ');

import { formatCount } from '../../ui/format';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE, WEEKDAYS, type DailyLimitKind, type Weekday } from '../../../domain/contract/schedule';

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

/** What each daily limit counts, in users' words. */
export const LIMIT_LABEL: Record<DailyLimitKind, string> = {
  connection_request: 'Invitations to connect',
  message: 'Messages',
  inmail: 'InMails',
  profile_visit: 'Profile visits',
  other: 'Other actions (follows, likes…)',
};

/** The same, inside a sentence ("20 invitations a day"). */
const LIMIT_IN_SENTENCE: Record<DailyLimitKind, string> = {
  connection_request: 'invitations',
  message: 'messages',
  inmail: 'InMails',
  profile_visit: 'profile visits',
  other: 'other actions',
};

/** "Monday to Friday", "Monday, Wednesday and Friday", "Every day". */
export function describeDays(days: readonly Weekday[]): string {
  const set = WEEKDAYS.filter((d) => days.includes(d));
  if (set.length === WEEKDAYS.length) return 'Every day';
  if (set.length === 0) return 'No day';
  const first = WEEKDAYS.indexOf(set[0]!);
  const consecutive = set.length > 2 && set.every((d, i) => WEEKDAYS.indexOf(d) === first + i);
  if (consecutive) return `${DAY_LABEL[set[0]!].long} to ${DAY_LABEL[set.at(-1)!].long}`;
  const names = set.map((d) => DAY_LABEL[d].long);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The window in one sentence: "Monday to Friday, 09:00–17:00, in each prospect's time zone when known (else UTC)". */
export function describeWindow(s: {
  days: readonly Weekday[];
  start: string;
  end: string;
  timeZone: string;
  useProspectTimeZone: boolean;
}): string {
  const where = s.useProspectTimeZone ? `in each prospect’s own time zone when it is known, else ${s.timeZone}` : `${s.timeZone} time`;
  return `${describeDays(s.days)}, ${s.start}–${s.end}, ${where}`;
}

/** The contract 9.3 defaults, said once for the help text. */
export const DEFAULT_WINDOW_SENTENCE = describeWindow(DEFAULT_SCHEDULE);
export const DEFAULT_LIMITS_SENTENCE = (Object.keys(DEFAULT_DAILY_LIMITS) as DailyLimitKind[])
  .map((k) => `${formatCount(DEFAULT_DAILY_LIMITS[k])} ${LIMIT_IN_SENTENCE[k]}`)
  .join(', ');

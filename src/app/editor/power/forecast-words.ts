import { DAILY_LIMIT_WORDS } from '../../../domain/catalog';
import type { Channel } from '../../../domain/contract/conversations';
import type { Forecast, ForecastSettings } from '../../../domain/contract/runs';
import { WEEKDAYS, type DailyLimitKind, type Schedule } from '../../../domain/contract/schedule';
import { timeZoneCity } from '../../../domain/time-zones';
import { CHANNEL_LABEL } from '../../api/accounts';
import { formatCount, shortDate } from '../../ui/format';

/** The forecast in users' words: one sentence for the launch review ("With 2 senders at 20 invitations a day, …"). */

type Senders = ForecastSettings['senders'];

const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "20 invitations", or "20–30 invitations" when the senders differ. */
function limitRange(senders: Senders, limit: DailyLimitKind): string {
  const values = senders.map((s) => s.dailyLimits[limit]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const words = DAILY_LIMIT_WORDS[limit];
  return low === high ? plural(low, words.one, words.many) : `${formatCount(low)}–${formatCount(high)} ${words.many}`;
}

/** " and 100 a week" when the senders' weekly limit of the kind can bind (under 7 days at the daily limit), else "". */
function weekRange(senders: Senders, limit: DailyLimitKind): string {
  const values = senders.flatMap((s) => {
    const weekly = s.weeklyLimits?.[limit];
    return weekly !== undefined && weekly < 7 * s.dailyLimits[limit] ? [weekly] : [];
  });
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return ` and ${low === high ? formatCount(low) : `${formatCount(low)}–${formatCount(high)}`} a week`;
}

/** The limit the sentence names: the one that binds, else the first one a prospect meets. */
function headline(forecast: Forecast): { limit: DailyLimitKind; channel: Channel } | undefined {
  const { bottleneck } = forecast;
  return bottleneck.kind === 'limit' ? bottleneck : forecast.limitsUsed[0];
}

const REASON: Readonly<Record<'sending_hours' | 'waits', string>> = {
  sending_hours: 'the sending hours are the bottleneck: they are too short for the pause between one sender’s actions',
  waits: 'the waits between steps set the pace, not the sender limits',
};

export function forecastSentence(forecast: Forecast, senders: Senders, startAt: string): string {
  const audience = forecast.funnel.enrolled;
  const prospects = plural(audience, 'prospect', 'prospects');
  const { bottleneck } = forecast;
  if (bottleneck.kind === 'none') return 'Enter how many prospects you will enroll to see when they would finish.';
  if (bottleneck.kind === 'no_sender') {
    const network = CHANNEL_LABEL[bottleneck.channel];
    return `Nothing can be sent on ${network} yet: add a ${network} sender account to see when ${prospects} would finish.`;
  }
  if (forecast.finishBy === null) {
    const limit = bottleneck.kind === 'limit' ? DAILY_LIMIT_WORDS[bottleneck.limit].many : 'actions';
    return `A sender of this campaign may send no ${limit} (its daily or weekly limit is 0), so some of the ${prospects} would never finish.`;
  }
  const finish = `${prospects} ${audience === 1 ? 'finishes' : 'finish'} by ${shortDate(forecast.finishBy, Date.parse(startAt))}`;
  const reason =
    bottleneck.kind === 'limit' ? `the ${DAILY_LIMIT_WORDS[bottleneck.limit].one} limit is the bottleneck` : REASON[bottleneck.kind];
  const named = headline(forecast);
  if (!named) return `${capitalised(finish)}; ${reason}.`;
  const team = senders.filter((s) => s.channel === named.channel);
  // Contract 10.2: a warm-up holds the first days below the daily limit; a weekly limit may hold the week.
  const warming = team.length > 0 && team.every((s) => s.warmUp) ? ' warming up to' : ' at';
  return `With ${plural(team.length, 'sender', 'senders')}${warming} ${limitRange(team, named.limit)} a day${weekRange(team, named.limit)}, ${finish}; ${reason}.`;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const DAY_WORDS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Berlin time", "New York time", "UTC". */
const zoneWords = (timeZone: string): string => (timeZone.includes('/') ? `${timeZoneCity(timeZone)} time` : timeZone);

/**
 * "Mon–Fri 09:00–17:00, Berlin time" or "Mon, Wed, Fri 08:00–12:00, UTC"; read in the prospects' own
 * zones (contract 9.3), "Mon–Fri 09:00–17:00 in each prospect’s time zone (Berlin time when unknown)".
 */
function scheduleWords(schedule: Schedule, inProspectZones: boolean): string {
  const indexes = WEEKDAYS.flatMap((day, i) => (schedule.days.includes(day) ? [i] : []));
  const consecutive = indexes.length > 2 && indexes.every((d, i) => i === 0 || d === indexes[i - 1]! + 1);
  const days = consecutive
    ? `${DAY_WORDS[indexes[0]!]}–${DAY_WORDS[indexes[indexes.length - 1]!]}`
    : indexes.map((i) => DAY_WORDS[i]).join(', ');
  const zone = zoneWords(schedule.timeZone);
  return inProspectZones
    ? `${days} ${schedule.start}–${schedule.end} in each prospect’s time zone (${zone} when unknown)`
    : `${days} ${schedule.start}–${schedule.end}, ${zone}`;
}

/** "35 sending days (Mon–Fri 09:00–17:00, UTC). Expected at 30 % acceptance and 15 % replies: …". */
export function forecastDetails(forecast: Forecast, settings: Pick<ForecastSettings, 'schedule' | 'rates' | 'prospectTimeZones'>): string {
  const { funnel } = forecast;
  const rate = (r: number) => `${Math.round(r * 100)} %`;
  const inProspectZones = settings.schedule.useProspectTimeZone && settings.prospectTimeZones.some((z) => z.timeZone !== null);
  const window = scheduleWords(settings.schedule, inProspectZones);
  const days =
    forecast.finishBy === null ? `Sending ${window}.` : `${plural(forecast.workingDaysLeft, 'sending day', 'sending days')} (${window}).`;
  return (
    `${days} Expected at ${rate(settings.rates.acceptRate)} acceptance and ${rate(settings.rates.replyRate)} replies: ` +
    `${formatCount(funnel.contacted)} contacted, ${formatCount(funnel.accepted)} accepted, ${formatCount(funnel.replied)} replied.`
  );
}

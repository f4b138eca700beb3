import { MAX_WEEKLY_LIMIT, WARM_UP_BOUNDS, isCalendarDay, type PatchAccountBody, type WarmUp } from '../../../domain/contract/accounts';
import type { Account } from '../../../domain/contract/conversations';
import { DAILY_LIMIT_KINDS, MAX_DAILY_LIMIT, type DailyLimitKind } from '../../../domain/contract/schedule';
import { jsonEqual } from '../../../domain/paths/diff';
import { ApiProblem } from '../../api/http';
import { formatCount } from '../../ui/format';

/**
 * The account form's model (contract 9.3, 10.2): the draft as typed, what it changes (the PATCH body,
 * only the fields that differ), the mistakes found before sending and the server's, each keyed by
 * the field it belongs to ("daily.message", "weekly.connection_request", "timeZone", "warmUp.startedOn").
 */
export interface LimitsDraft {
  daily: Record<DailyLimitKind, string>;
  weekly: Record<DailyLimitKind, string>;
  timeZone: string;
  warming: boolean;
  startDaily: string;
  addPerDay: string;
  startedOn: string;
}

export type LimitsErrors = Record<string, string>;

export function draftOf(account: Account, today: string): LimitsDraft {
  const kinds = <T>(f: (kind: DailyLimitKind) => T) =>
    Object.fromEntries(DAILY_LIMIT_KINDS.map((k) => [k, f(k)])) as Record<DailyLimitKind, T>;
  return {
    daily: kinds((k) => String(account.dailyLimits[k])),
    weekly: kinds((k) => (account.weeklyLimits[k] === undefined ? '' : String(account.weeklyLimits[k]))),
    timeZone: account.timeZone,
    warming: account.warmUp !== null,
    startDaily: String(account.warmUp?.startDaily ?? 10),
    addPerDay: String(account.warmUp?.addPerDay ?? 5),
    startedOn: account.warmUp?.startedOn ?? today,
  };
}

const WHOLE = /^\d+$/;
const between = (text: string, min: number, max: number) => WHOLE.test(text) && Number(text) >= min && Number(text) <= max;

/** The warm-up the draft describes, when its three fields are right (the preview shows it as typed). */
export function draftWarmUp(draft: LimitsDraft): WarmUp | null {
  const { startDaily, addPerDay } = WARM_UP_BOUNDS;
  if (!draft.warming || !isCalendarDay(draft.startedOn)) return null;
  if (!between(draft.startDaily, startDaily.min, startDaily.max) || !between(draft.addPerDay, addPerDay.min, addPerDay.max)) return null;
  return { startDaily: Number(draft.startDaily), addPerDay: Number(draft.addPerDay), startedOn: draft.startedOn };
}

/** Each field's rule in users' words: said when the draft breaks it, and when the server refuses that field. */
function ruleOf(key: string): string | null {
  const [head, kind] = key.split('.');
  const { startDaily, addPerDay } = WARM_UP_BOUNDS;
  if (head === 'daily') return `A whole number from 0 (none that day) to ${formatCount(MAX_DAILY_LIMIT)}.`;
  if (head === 'weekly' && kind === 'connection_request')
    return `Invitations always have a weekly cap: a whole number from 0 to ${formatCount(MAX_WEEKLY_LIMIT)}.`;
  if (head === 'weekly') return `A whole number from 0 to ${formatCount(MAX_WEEKLY_LIMIT)}, or empty for no weekly cap.`;
  if (key === 'warmUp.startDaily') return `A whole number from ${startDaily.min} to ${startDaily.max}.`;
  if (key === 'warmUp.addPerDay') return `A whole number from ${addPerDay.min} to ${addPerDay.max}.`;
  if (key === 'warmUp.startedOn') return 'The warm-up cannot start after today in the sender’s time zone.';
  if (key === 'timeZone') return 'Choose a time zone from the list.';
  return null;
}

/** What the draft would send, or the mistakes to fix first; `today` is the account's own day in the draft's zone. */
export function checkDraft(account: Account, draft: LimitsDraft, today: string): { errors: LimitsErrors; patch: PatchAccountBody | null } {
  const bad: string[] = [];
  for (const k of DAILY_LIMIT_KINDS) if (!between(draft.daily[k], 0, MAX_DAILY_LIMIT)) bad.push(`daily.${k}`);
  for (const k of DAILY_LIMIT_KINDS) {
    const text = draft.weekly[k];
    if ((text === '' && k === 'connection_request') || (text !== '' && !between(text, 0, MAX_WEEKLY_LIMIT))) bad.push(`weekly.${k}`);
  }
  if (draft.warming) {
    const { startDaily, addPerDay } = WARM_UP_BOUNDS;
    if (!between(draft.startDaily, startDaily.min, startDaily.max)) bad.push('warmUp.startDaily');
    if (!between(draft.addPerDay, addPerDay.min, addPerDay.max)) bad.push('warmUp.addPerDay');
    if (!isCalendarDay(draft.startedOn) || draft.startedOn > today) bad.push('warmUp.startedOn');
  }
  const errors: LimitsErrors = Object.fromEntries(bad.map((key) => [key, ruleOf(key)!]));
  if (Object.keys(errors).length > 0) return { errors, patch: null };

  const patch: PatchAccountBody = {};
  const daily = Object.fromEntries(DAILY_LIMIT_KINDS.map((k) => [k, Number(draft.daily[k])]));
  if (!jsonEqual(daily, account.dailyLimits)) patch.dailyLimits = daily;
  const weekly: Record<string, number | null> = {};
  for (const k of DAILY_LIMIT_KINDS) {
    const now = draft.weekly[k] === '' ? null : Number(draft.weekly[k]);
    if (now !== (account.weeklyLimits[k] ?? null)) weekly[k] = now;
  }
  if (Object.keys(weekly).length > 0) patch.weeklyLimits = weekly as PatchAccountBody['weeklyLimits'];
  if (draft.timeZone !== account.timeZone) patch.timeZone = draft.timeZone;
  const warmUp = draft.warming ? draftWarmUp(draft) : null;
  if (!jsonEqual(warmUp, account.warmUp)) patch.warmUp = warmUp;
  return { errors, patch: Object.keys(patch).length > 0 ? patch : null };
}

const SERVER_FIELD: Record<string, string> = { dailyLimits: 'daily', weeklyLimits: 'weekly' };

/** The server's field errors (contract 3 `errors[]`) onto the form's fields, in the form's words; anything else under `_form`. */
export function serverErrorsOf(err: Error): LimitsErrors {
  const out: LimitsErrors = {};
  if (err instanceof ApiProblem)
    for (const e of err.errors) {
      const [head = '', ...rest] = e.path.replace(/^body\./, '').split('.');
      const key = [SERVER_FIELD[head] ?? head, ...rest].join('.');
      const rule = ruleOf(key);
      if (rule) out[key] ??= rule;
    }
  if (Object.keys(out).length === 0) out._form = err.message;
  return out;
}

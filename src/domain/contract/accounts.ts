import { z } from 'zod';
import { int32, text } from './bounds';
import { workspaceIdArg } from './enrollments';
import { DAILY_LIMIT_KINDS, dailyLimit, ianaTimeZone, type DailyLimitKind } from './schedule';

/**
 * Contract 10.2 protecting sender accounts, as data: an account's own time zone, its weekly limits
 * (rolling 7 calendar days) and its warm-up, with their bounds and defaults, written once for the
 * server, the tools and the app. The daily limits themselves are 9.3's (schedule.ts).
 */

/** Highest weekly limit accepted for one kind (contract 10.2: 0–10,000). */
export const MAX_WEEKLY_LIMIT = 10_000;

/** Contract 10.2 defaults: invitations are capped at 100 a week; the other kinds only when set. */
export const DEFAULT_WEEKLY_LIMITS = { connection_request: 100 } as const;

/** Contract 10.2 warm-up bounds. */
export const WARM_UP_BOUNDS = { startDaily: { min: 1, max: 100 }, addPerDay: { min: 0, max: 50 } } as const;

/** A sender's weekly limit of each kind it has one for (`connection_request` always). */
export type WeeklyLimits = { connection_request: number } & Partial<Record<Exclude<DailyLimitKind, 'connection_request'>, number>>;

const weeklyLimit = (kind: DailyLimitKind) =>
  int32()
    .min(0)
    .max(MAX_WEEKLY_LIMIT)
    .describe(`Most ${kind} actions in any 7 calendar days in a row, over every campaign; 0 pauses them.`);

/** Contract 10.2 `weeklyLimits` on the account record: `connection_request` always, the other kinds when set. */
export const weeklyLimitsSchema = z.object({
  connection_request: int32().min(0),
  message: int32().min(0).optional(),
  inmail: int32().min(0).optional(),
  profile_visit: int32().min(0).optional(),
  other: int32().min(0).optional(),
});

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isCalendarDay(value: string): boolean {
  const m = CALENDAR_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Contract 10.2 `warmUp`: each daily limit is at most `startDaily + addPerDay × days since startedOn`. */
export const warmUpSchema = z.strictObject({
  startDaily: int32()
    .min(WARM_UP_BOUNDS.startDaily.min)
    .max(WARM_UP_BOUNDS.startDaily.max)
    .describe('Most actions of each kind on the first day of the warm-up, 1–100.'),
  addPerDay: int32()
    .min(WARM_UP_BOUNDS.addPerDay.min)
    .max(WARM_UP_BOUNDS.addPerDay.max)
    .describe('How many more each following day, 0–50; the daily limits stay the ceiling.'),
  startedOn: text()
    .refine(isCalendarDay, 'must be a date written YYYY-MM-DD')
    .describe('The first day of the warm-up, "YYYY-MM-DD" in the account’s time zone; not in the future.'),
});
export type WarmUp = z.infer<typeof warmUpSchema>;

const weeklyPatch = (kind: Exclude<DailyLimitKind, 'connection_request'>) =>
  weeklyLimit(kind)
    .nullable()
    .optional()
    .describe(`Most ${kind} actions in any 7 calendar days in a row; null removes the weekly limit of this kind.`);

/** The fields PATCH /api/messaging/accounts/{id} and update-sender-account take. */
const accountPatchFields = {
  timeZone: ianaTimeZone()
    .optional()
    .describe('IANA time zone the account’s days are counted in (daily and weekly limits, warm-up days), e.g. "Europe/Paris".'),
  dailyLimits: z
    .strictObject(Object.fromEntries(DAILY_LIMIT_KINDS.map((kind) => [kind, dailyLimit(kind).optional()])) as DailyLimitShape)
    .optional()
    .describe('Per-day limits of this sender (0–1,000), counted over every campaign in the account’s time zone.'),
  weeklyLimits: z
    .strictObject({
      connection_request: weeklyLimit('connection_request').optional(),
      message: weeklyPatch('message'),
      inmail: weeklyPatch('inmail'),
      profile_visit: weeklyPatch('profile_visit'),
      other: weeklyPatch('other'),
    })
    .optional()
    .describe('Limits over any 7 calendar days in a row (0–10,000), over every campaign; invitations default to 100.'),
  warmUp: warmUpSchema
    .nullable()
    .optional()
    .describe('A ramp for a new or cold account: startDaily on startedOn, addPerDay more each day after; null ends it.'),
};
type DailyLimitShape = { [K in DailyLimitKind]: z.ZodOptional<ReturnType<typeof dailyLimit>> };
const PATCH_KEYS = Object.keys(accountPatchFields);
const changesSomething = (value: object) => PATCH_KEYS.some((key) => key in value);
const NOTHING_TO_CHANGE = 'give at least one of timeZone, dailyLimits, weeklyLimits, warmUp';

/** PATCH /api/messaging/accounts/{id}: each field given replaces its value; in the limits, the kinds given replace theirs. */
export const patchAccountBody = z.strictObject(accountPatchFields).refine(changesSomething, NOTHING_TO_CHANGE);
export type PatchAccountBody = z.input<typeof patchAccountBody>;
export type AccountPatch = z.output<typeof patchAccountBody>;

/** MCP update-sender-account: the PATCH body's fields, with the account and its workspace. */
export const updateSenderAccountArgs = z
  .strictObject({
    workspaceId: workspaceIdArg,
    accountId: z.guid().describe('The sender account id (UUID), e.g. from a campaign’s senderAccountIds.'),
    ...accountPatchFields,
  })
  .refine(changesSomething, NOTHING_TO_CHANGE);

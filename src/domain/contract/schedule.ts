import { z } from 'zod';
import { canonicalTimeZone, isIanaTimeZone } from '../time-zones';
import { int32, text } from './bounds';

/**
 * Contract 9.3 sending window of a campaign (`schedule`) and a sender account's `dailyLimits`, as
 * data: their shapes, defaults and validation, written once for the server, the tools and the app.
 */

// ---- time zones ---------------------------------------------------------------------------------

/** The longest time zone name accepted. */
export const MAX_TIME_ZONE = 100;

/** An IANA time zone name (contract 9.1 prospect `timeZone`, 9.3 schedule `timeZone`). */
export const ianaTimeZone = () =>
  text()
    .max(MAX_TIME_ZONE)
    // Stored under its one canonical name ("europe/paris" → "Europe/Paris", "Asia/Calcutta" → "Asia/Kolkata").
    .overwrite((name) => canonicalTimeZone(name) ?? name)
    .refine(isIanaTimeZone, 'must be an IANA time zone name such as Europe/Paris or UTC')
    .describe('IANA time zone name, e.g. "Europe/Paris", "America/New_York" or "UTC".');

// ---- schedule ------------------------------------------------------------------------------------

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekdaySchema = z.enum(WEEKDAYS);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (description: string) =>
  text().regex(HH_MM, 'must be a time of day written HH:MM, from 00:00 to 23:59').describe(description);

/** Contract 9.3 defaults: weekdays, 09:00–17:00 UTC, in the prospect's time zone when known. */
export const DEFAULT_SCHEDULE = {
  timeZone: 'UTC',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[],
  start: '09:00',
  end: '17:00',
  useProspectTimeZone: true,
};

/** Contract 9.3 `schedule` as sent (PUT /api/v1/campaigns/{id}/schedule): a missing field takes its default. */
export const scheduleInputShape = {
  timeZone: ianaTimeZone()
    .optional()
    .describe('IANA time zone of the window (and of the senders’ daily counts), e.g. "Europe/Paris"; default "UTC".'),
  days: z
    .array(weekdaySchema)
    .min(1, 'choose at least one day')
    .max(WEEKDAYS.length)
    .refine((days) => new Set(days).size === days.length, 'lists a day twice')
    .optional()
    .describe('Days actions may start on, "mon".."sun"; at least one; default Monday to Friday.'),
  start: clockTime('Start of the window, "HH:MM" (default "09:00").').optional(),
  end: clockTime('End of the window, "HH:MM", after start (default "17:00").').optional(),
  useProspectTimeZone: z
    .boolean()
    .optional()
    .describe('true (default): the window is read in the prospect’s own time zone when it is known; false: always in timeZone.'),
};

/** The window must end after it starts (on the same day). Shared by the body and the tool arguments. */
export function refineWindow(value: { start?: string; end?: string }, ctx: z.RefinementCtx): void {
  const start = value.start ?? DEFAULT_SCHEDULE.start;
  const end = value.end ?? DEFAULT_SCHEDULE.end;
  if (HH_MM.test(start) && HH_MM.test(end) && end <= start)
    ctx.addIssue({ code: 'custom', path: ['end'], message: `must be after the start (${start})` });
}

export const scheduleBody = z.strictObject(scheduleInputShape).superRefine(refineWindow);
export type ScheduleInput = z.input<typeof scheduleBody>;

/** Contract 9.3 `schedule` on the campaign record: every field present. */
export const scheduleSchema = z.object({
  timeZone: z.string(),
  days: z.array(weekdaySchema),
  start: z.string(),
  end: z.string(),
  useProspectTimeZone: z.boolean(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A full schedule from what was sent: missing fields take the defaults, days in week order. */
export function completeSchedule(input: ScheduleInput): Schedule {
  const days = input.days ?? DEFAULT_SCHEDULE.days;
  return {
    timeZone: input.timeZone ?? DEFAULT_SCHEDULE.timeZone,
    days: WEEKDAYS.filter((day) => days.includes(day)),
    start: input.start ?? DEFAULT_SCHEDULE.start,
    end: input.end ?? DEFAULT_SCHEDULE.end,
    useProspectTimeZone: input.useProspectTimeZone ?? DEFAULT_SCHEDULE.useProspectTimeZone,
  };
}

// ---- sender daily limits ---------------------------------------------------------------------------

/** Contract 9.3: what a sender's daily limits count. `other` = every other action that reaches a person. */
export const DAILY_LIMIT_KINDS = ['connection_request', 'message', 'inmail', 'profile_visit', 'other'] as const;
export type DailyLimitKind = (typeof DAILY_LIMIT_KINDS)[number];

export const DEFAULT_DAILY_LIMITS: Record<DailyLimitKind, number> = {
  connection_request: 20,
  message: 60,
  inmail: 20,
  profile_visit: 80,
  other: 100,
};

/** Highest daily limit accepted for one kind (far above what a network tolerates). */
export const MAX_DAILY_LIMIT = 10_000;

/** A stored daily limit: any count (PATCH caps new ones at MAX_DAILY_LIMIT; older or operator-set ones may be higher). */
const storedDailyLimit = () => int32().min(0);

const dailyLimit = (kind: DailyLimitKind) =>
  storedDailyLimit()
    .max(MAX_DAILY_LIMIT)
    .describe(`Most ${kind} actions per calendar day (default ${DEFAULT_DAILY_LIMITS[kind]}); 0 pauses them.`);

/** Contract 9.3 `dailyLimits` on the account record: every kind present. */
export const dailyLimitsSchema = z.object({
  connection_request: storedDailyLimit(),
  message: storedDailyLimit(),
  inmail: storedDailyLimit(),
  profile_visit: storedDailyLimit(),
  other: storedDailyLimit(),
});
export type DailyLimits = z.infer<typeof dailyLimitsSchema>;

/** PATCH /api/messaging/accounts/{id}: the kinds given replace their limits; the others stay. */
export const patchAccountBody = z.strictObject({
  dailyLimits: z
    .strictObject({
      connection_request: dailyLimit('connection_request').optional(),
      message: dailyLimit('message').optional(),
      inmail: dailyLimit('inmail').optional(),
      profile_visit: dailyLimit('profile_visit').optional(),
      other: dailyLimit('other').optional(),
    })
    .describe('Per-day limits of this sender, counted over every campaign in the schedule’s time zone.'),
});
export type PatchAccountBody = z.infer<typeof patchAccountBody>;

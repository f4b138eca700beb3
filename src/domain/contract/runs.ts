import { z } from 'zod';
import { DAILY_LIMIT_KINDS } from '../catalog';
import { int32, storableDateTime, text } from './bounds';
import { campaignStatusSchema } from './campaigns';
import { CHANNELS } from './conversations';

/**
 * Contract 9.3 / 9.5 runs: the sending window, the senders' daily limits, the sandbox's response
 * rates, the forecast (its input and result) and the run body of `GET /api/v1/campaigns/{id}/run`
 * (also the data of the changes stream's `run.progress` event).
 */

// ---- sending window (contract 9.3) ----------------------------------------------------------------

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const knownZones = new Map<string, boolean>();

/** True for a time zone name the platform knows ("Europe/Berlin", "UTC"); offsets like "+01:00" are not names. */
export function isTimeZoneName(name: string): boolean {
  if (name === '' || /^[+-]/.test(name)) return false;
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    // Building a formatter costs a millisecond; every schedule and forecast asks again.
    if (knownZones.size < 1000) knownZones.set(name, known);
  }
  return known;
}

const clockTime = () => text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day written HH:MM (24-hour), e.g. 09:00');

export const DEFAULT_SCHEDULE = {
  timeZone: 'UTC',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[],
  start: '09:00',
  end: '17:00',
  useProspectTimeZone: true,
};

export const scheduleSchema = z
  .object({
    timeZone: text().max(64).refine(isTimeZoneName, 'must be a time zone name, e.g. Europe/Berlin').default(DEFAULT_SCHEDULE.timeZone),
    days: z
      .array(z.enum(WEEKDAYS))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must name each day at most once')
      .default(() => [...DEFAULT_SCHEDULE.days]),
    start: clockTime().default(DEFAULT_SCHEDULE.start),
    end: clockTime().default(DEFAULT_SCHEDULE.end),
    useProspectTimeZone: z.boolean().default(DEFAULT_SCHEDULE.useProspectTimeZone),
  })
  .refine((s) => s.start < s.end, { path: ['end'], message: 'must be later in the day than start' })
  .describe('Contract 9.3 sending window: actions that reach a person start only on these days, between start and end.');
export type Schedule = z.output<typeof scheduleSchema>;

// ---- sender limits (contract 9.3) -----------------------------------------------------------------

export const DEFAULT_DAILY_LIMITS: Readonly<Record<(typeof DAILY_LIMIT_KINDS)[number], number>> = {
  connection_request: 20,
  message: 60,
  inmail: 20,
  profile_visit: 80,
  other: 100,
};
export const MAX_DAILY_LIMIT = 10_000;

const dailyLimit = (kind: (typeof DAILY_LIMIT_KINDS)[number]) => int32().min(0).max(MAX_DAILY_LIMIT).default(DEFAULT_DAILY_LIMITS[kind]);
export const dailyLimitsSchema = z
  .object({
    connection_request: dailyLimit('connection_request'),
    message: dailyLimit('message'),
    inmail: dailyLimit('inmail'),
    profile_visit: dailyLimit('profile_visit'),
    other: dailyLimit('other'),
  })
  .describe('Actions a sender account starts per calendar day (in the schedule’s time zone), per kind.');
export type DailyLimits = z.output<typeof dailyLimitsSchema>;

/** Contract 9.3 `ACTION_SPACING_S`: the least time between two actions of one sender (±50 % at random in a run). */
export const DEFAULT_ACTION_SPACING_S = 90;

// ---- response rates (contract 9.4 sandbox) --------------------------------------------------------

export const DEFAULT_RESPONSE_RATES = { acceptRate: 0.3, replyRate: 0.15, medianResponseHours: 20 };

export const responseRatesSchema = z.object({
  acceptRate: z.number().min(0).max(1).default(DEFAULT_RESPONSE_RATES.acceptRate).describe('Share of invitations accepted.'),
  replyRate: z.number().min(0).max(1).default(DEFAULT_RESPONSE_RATES.replyRate).describe('Share of messages answered.'),
  medianResponseHours: z
    .number()
    .min(0)
    .max(24 * 365)
    .default(DEFAULT_RESPONSE_RATES.medianResponseHours)
    .describe('Half of the acceptances and replies come sooner than this after the action.'),
});
export type ResponseRates = z.output<typeof responseRatesSchema>;

// ---- forecast -------------------------------------------------------------------------------------

/** The largest audience a forecast simulates (the largest enrollment request is 10,000; ten of them). */
export const MAX_FORECAST_AUDIENCE = 100_000;
export const dailyLimitKindSchema = z.enum(DAILY_LIMIT_KINDS);
const count = () => int32().min(0);
const kindCounts = () => z.record(dailyLimitKindSchema, count());

export const forecastInputSchema = z.object({
  definition: z.object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }).describe('The campaign graph.'),
  schedule: scheduleSchema.default(() => ({ ...DEFAULT_SCHEDULE, days: [...DEFAULT_SCHEDULE.days] })),
  senders: z
    .array(
      z.object({
        accountId: text().min(1).max(200),
        channel: z.enum(CHANNELS),
        dailyLimits: dailyLimitsSchema.default(() => ({ ...DEFAULT_DAILY_LIMITS })),
        usedToday: z.partialRecord(dailyLimitKindSchema, count()).default({}).describe('Actions already started today (all campaigns).'),
      }),
    )
    .max(50),
  audienceSize: int32().min(0).max(MAX_FORECAST_AUDIENCE).describe('Prospects that start at `startAt`.'),
  rates: responseRatesSchema.default(() => ({ ...DEFAULT_RESPONSE_RATES })),
  actionSpacingSeconds: z.number().min(0).max(3600).default(DEFAULT_ACTION_SPACING_S),
  startAt: storableDateTime(),
});
export type ForecastInput = z.input<typeof forecastInputSchema>;
export type ForecastSettings = z.output<typeof forecastInputSchema>;

/** What sets the finish date: a daily limit, the sending hours, the waits between steps, or a missing sender. */
export const bottleneckSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('limit'), limit: dailyLimitKindSchema, channel: z.enum(CHANNELS) }),
  z.object({ kind: z.literal('sending_hours') }),
  z.object({ kind: z.literal('waits') }),
  z.object({ kind: z.literal('no_sender'), channel: z.enum(CHANNELS) }),
  z.object({ kind: z.literal('none') }),
]);
export type Bottleneck = z.infer<typeof bottleneckSchema>;

export const forecastSchema = z.object({
  finishBy: z.iso
    .datetime()
    .nullable()
    .describe('When the last prospect finishes; null when some never can (no sender) or nobody is enrolled.'),
  workingDaysLeft: count().describe('Sending days (schedule days) from the start up to the finish.'),
  funnel: z.object({ enrolled: count(), contacted: count(), accepted: count(), replied: count(), finished: count() }),
  days: z
    .array(z.object({ date: z.iso.date(), sends: kindCounts() }))
    .describe('Sender actions per day (schedule time zone), days with none left out.'),
  bottleneck: bottleneckSchema,
  actionKinds: z.array(dailyLimitKindSchema).describe('The limits the campaign’s steps use, in the order a prospect meets them.'),
});
export type Forecast = z.infer<typeof forecastSchema>;

// ---- the run (contract 9.5) -----------------------------------------------------------------------

export const campaignRunSchema = z.object({
  status: campaignStatusSchema,
  enrollments: z.object({
    total: count(),
    waiting: count(),
    active: count(),
    finished: count(),
    replied: count(),
    stopped: count(),
    failed: count(),
  }),
  steps: z.array(
    z.object({
      nodeId: z.string(),
      entered: count(),
      waiting: count(),
      done: count(),
      failed: count(),
      handles: z.record(z.string(), count()).describe('Prospects that left through each output.'),
    }),
  ),
  senders: z.array(z.object({ accountId: z.string(), today: z.record(dailyLimitKindSchema, z.object({ used: count(), limit: count() })) })),
  forecast: forecastSchema.pick({ finishBy: true, workingDaysLeft: true }),
});
export type CampaignRun = z.infer<typeof campaignRunSchema>;

/** Contract 9.5: the changes stream's event carrying the run body, at most once a second while anything moves. */
export const RUN_PROGRESS_EVENT = 'run.progress';
export const runProgressSchema = campaignRunSchema;
export type RunProgress = CampaignRun;

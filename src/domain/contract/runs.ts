import { z } from 'zod';
import { int32, storableDateTime, text } from './bounds';
import { campaignStatusSchema } from './campaigns';
import { campaignIdParams, CHANNELS, workspaceQuery } from './conversations';
import { completeSchedule, DAILY_LIMIT_KINDS, dailyLimitsSchema, DEFAULT_DAILY_LIMITS, scheduleBody } from './schedule';
import { WAITING_REASONS } from './statuses';
import { warmUpSchema, weeklyLimitsSchema } from './accounts';

/** A rolling week is the day and the 6 before it (contract 10.2 "the last 7 calendar days"). */
export const WEEK_DAYS = 7;

/**
 * Contract 9.3 / 9.5 runs: the sandbox's response rates, the senders' spacing, the forecast (its input and result) and the run body of `GET /api/v1/campaigns/{id}/run`
 * (also the data of the changes stream's `run.progress` event).
 */

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
/** @public A type of the published contract, for clients of the API. */
export type ResponseRates = z.output<typeof responseRatesSchema>;

// ---- forecast -------------------------------------------------------------------------------------

/** The largest audience a forecast simulates (the largest enrollment request is 10,000; ten of them). */
export const MAX_FORECAST_AUDIENCE = 100_000;
export const dailyLimitKindSchema = z.enum(DAILY_LIMIT_KINDS);
const count = () => int32().min(0);
const kindCounts = () => z.record(dailyLimitKindSchema, count());

/** The most time zones a forecast tells apart (the rest would be a handful of prospects each). */
export const MAX_FORECAST_ZONES = 200;

/**
 * Contract 9.3 windows in the prospects' zones: how many prospects (or how many of a sample) live in
 * each zone; null, or a name that is not a zone, is the schedule's zone (as the engine reads it).
 */
export const prospectTimeZonesSchema = z
  .array(z.object({ timeZone: text().max(100).nullable(), prospects: int32().min(1) }))
  .max(MAX_FORECAST_ZONES);
export type ProspectTimeZones = z.infer<typeof prospectTimeZonesSchema>;

export const forecastInputSchema = z
  .object({
    definition: z.object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }).describe('The campaign graph.'),
    schedule: scheduleBody
      .optional()
      .transform((schedule) => completeSchedule(schedule ?? {}))
      .describe('The campaign’s sending window (contract 9.3); missing fields take their defaults.'),
    senders: z
      .array(
        z.object({
          accountId: text().min(1).max(200),
          channel: z.enum(CHANNELS),
          // Any limit an account record holds (not only what PATCH accepts today): a stored account never fails the run view.
          dailyLimits: dailyLimitsSchema
            .partial()
            .optional()
            .transform((limits) => ({ ...DEFAULT_DAILY_LIMITS, ...limits }))
            .describe('The sender’s daily limits; missing kinds take the defaults.'),
          usedToday: z.partialRecord(dailyLimitKindSchema, count()).default({}).describe('Actions already started today (all campaigns).'),
          weeklyLimits: weeklyLimitsSchema
            .partial()
            .optional()
            .describe('Contract 10.2: most actions of a kind in any 7 days in a row (all campaigns); kinds absent have none.'),
          warmUp: warmUpSchema
            .nullable()
            .optional()
            .describe('Contract 10.2: the sender’s warm-up; each day’s limit is at most startDaily + addPerDay × days since startedOn.'),
          usedDaysBefore: z
            .partialRecord(dailyLimitKindSchema, z.array(count()).max(WEEK_DAYS - 1))
            .default({})
            .describe('Actions of the 6 days before today, yesterday first (all campaigns): what the rolling weeks already hold.'),
        }),
      )
      .max(50),
    audienceSize: int32().min(0).max(MAX_FORECAST_AUDIENCE).describe('Prospects that enter at the start step at `startAt`.'),
    underway: z
      .array(z.object({ nodeId: text().min(1).max(200), prospects: int32().min(1).max(MAX_FORECAST_AUDIENCE) }))
      .max(10_000)
      .default([])
      .describe('A running campaign’s prospects already past the start: how many take each step next, from `startAt` on.'),
    prospectTimeZones: prospectTimeZonesSchema
      .default([])
      .describe(
        'How the prospects spread over time zones (counts, used as shares of the audience and of those underway); none: all in the schedule’s zone.',
      ),
    rates: responseRatesSchema.default(() => ({ ...DEFAULT_RESPONSE_RATES })),
    actionSpacingSeconds: z.number().min(0).max(3600).default(DEFAULT_ACTION_SPACING_S),
    startAt: storableDateTime(),
  })
  .refine((f) => f.audienceSize + f.underway.reduce((sum, u) => sum + u.prospects, 0) <= MAX_FORECAST_AUDIENCE, {
    path: ['underway'],
    message: `the audience and the prospects underway are at most ${MAX_FORECAST_AUDIENCE} together`,
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
  limitsUsed: z
    .array(z.object({ limit: dailyLimitKindSchema, channel: z.enum(CHANNELS) }))
    .describe('The sender limits the campaign’s steps count against, in the order a prospect meets them.'),
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
      waitingReasons: z
        .partialRecord(z.enum(WAITING_REASONS), count())
        .describe('Contract 10.2: the prospects standing here per reason they are not moving (waitingReason); absent reasons count 0.'),
      done: count(),
      failed: count(),
      handles: z.record(z.string(), count()).describe('Prospects that left through each output.'),
    }),
  ),
  senders: z.array(
    z.object({
      accountId: z.string(),
      today: z.record(dailyLimitKindSchema, z.object({ used: count(), limit: count() })),
      week: z
        .partialRecord(dailyLimitKindSchema, z.object({ used: count(), limit: count() }))
        .optional()
        .describe(
          'Contract 10.2: actions started in the rolling week (today and the 6 days before, in the account’s zone, all campaigns) of each kind with a weekly limit.',
        ),
    }),
  ),
  forecast: forecastSchema.pick({ finishBy: true, workingDaysLeft: true }).extend({
    actionSpacingSeconds: z
      .number()
      .describe('The server’s ACTION_SPACING_S: the least seconds between two actions of one sender, as the forecast keeps them.'),
    prospectTimeZones: prospectTimeZonesSchema.describe(
      'The time zones of the unfinished prospects the forecast reads windows in (counted over up to 500 of them; null: unknown, the schedule’s zone).',
    ),
  }),
});
export type CampaignRun = z.infer<typeof campaignRunSchema>;

/** Contract 9.5: the changes stream's event carrying the run body, at most once a second while anything moves. */
export const RUN_PROGRESS_EVENT = 'run.progress';
export type RunProgress = CampaignRun;

/** Contract 9.5: `run.progress` is sent at most this often per campaign. */
export const RUN_PROGRESS_INTERVAL_MS = 1000;

export const getCampaignRunArgs = z.strictObject({
  workspaceId: workspaceQuery.shape.workspaceId,
  campaignId: campaignIdParams.shape.campaignId,
});

/** Contract 9.3: what a launched campaign can be told (POST /api/v1/campaigns/{id}/<command>). */
export const RUN_COMMANDS = ['pause', 'resume', 'stop'] as const;
export type RunCommand = (typeof RUN_COMMANDS)[number];

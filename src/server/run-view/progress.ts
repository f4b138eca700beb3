import { forecastCampaign } from '../../domain/forecast';
import {
  campaignRunSchema,
  MAX_FORECAST_ZONES,
  type CampaignRun,
  type Forecast,
  type ForecastInput,
  type ProspectTimeZones,
} from '../../domain/contract/runs';
import { withinForecastBound } from './forecast-bound';
import { DAILY_LIMIT_KINDS, type DailyLimitKind, type ScheduleInput } from '../../domain/contract/schedule';
import type { WarmUp, WeeklyLimits } from '../../domain/contract/accounts';
import { WEEK_DAYS, dailyLimitOn, senderRules, weeklyLimitOf } from '../../domain/run/sender-limits';
import type { CampaignStatus } from '../../domain/contract/campaigns';
import type { Channel } from '../../domain/contract/conversations';
import type { Config } from '../config';
import { jsonColumn } from '../db/json';
import type { Queryable } from '../db/types';
import { campaignNotFound } from '../campaigns/service';
import { scheduledSlots } from '../runs/action-slots';
import { runCounts, type EnrollmentCount, type StepCount, type WaitingCount } from './run-counts';
import { seenWaiting } from '../../domain/run/waiting';
import { toIso } from '../../domain/time';

/**
 * Contract 9.5 `GET /api/v1/campaigns/{id}/run`: a campaign's run from its counters (run-counts.ts:
 * enrollments by status and step, timeline rows by step, status and output, kept by triggers) and the
 * senders' counters of today (sender_quota key), never a scan of the campaign's enrollments.
 */

interface CampaignRow {
  status: CampaignStatus;
  schedule: ScheduleInput | string;
  sender_account_ids: string[];
  workflow_definition: string;
  today: string;
}

async function campaignOf(db: Queryable, workspaceId: string, campaignId: string): Promise<CampaignRow> {
  // The launched graph is the one the run interprets; a draft shows its current graph.
  const { rows } = await db.query<CampaignRow>(
    `SELECT c.status, c.schedule, c.sender_account_ids::text[] AS sender_account_ids, v.workflow_definition,
            to_char((clock_now() AT TIME ZONE (c.schedule->>'timeZone'))::date, 'YYYY-MM-DD') AS today
     FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = coalesce(c.launched_version, c.graph_version)
     WHERE c.id = $1 AND c.workspace_id = $2`,
    [campaignId, workspaceId],
  );
  const row = rows[0];
  if (!row) throw campaignNotFound();
  return row;
}

function enrollmentCounts(rows: EnrollmentCount[]): CampaignRun['enrollments'] {
  const counts = { total: 0, waiting: 0, active: 0, finished: 0, replied: 0, stopped: 0, failed: 0 };
  for (const row of rows) {
    counts[row.status] += row.n;
    counts.total += row.n;
    if (row.replied) counts.replied += row.n;
  }
  return counts;
}

/** Prospects standing at each step now (an active enrollment's current step). */
function standingAt(rows: EnrollmentCount[]): Map<string, number> {
  const standing = new Map<string, number>();
  for (const row of rows) if (row.node_id !== null) standing.set(row.node_id, (standing.get(row.node_id) ?? 0) + row.n);
  return standing;
}

function stepCounts(
  rows: StepCount[],
  standing: Map<string, number>,
  waiting: WaitingCount[],
  campaignStatus: string,
): CampaignRun['steps'] {
  const steps = new Map<string, CampaignRun['steps'][number]>();
  const stepOf = (nodeId: string) => {
    let step = steps.get(nodeId);
    if (!step)
      steps.set(
        nodeId,
        (step = { nodeId, entered: 0, waiting: standing.get(nodeId) ?? 0, waitingReasons: {}, done: 0, failed: 0, handles: {} }),
      );
    return step;
  };
  // Contract 10.2: read as the enrollments list reads each one (a paused campaign's are all paused).
  for (const row of waiting) {
    const reason = seenWaiting(row.reason, 'active', campaignStatus);
    if (reason === null) continue;
    const step = stepOf(row.node_id);
    step.waitingReasons[reason] = (step.waitingReasons[reason] ?? 0) + row.n;
  }
  for (const row of rows) {
    const step = stepOf(row.node_id);
    step.entered += row.n;
    if (row.status === 'done') step.done += row.n;
    if (row.status === 'failed') step.failed += row.n;
    if (row.handle !== null) step.handles[row.handle] = (step.handles[row.handle] ?? 0) + row.n;
  }
  for (const nodeId of standing.keys()) stepOf(nodeId);
  return [...steps.values()].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
}

interface SenderRow {
  id: string;
  channel: Channel;
  daily_limits: Partial<Record<DailyLimitKind, number>> | string;
  weekly_limits: Partial<WeeklyLimits> | string;
  warm_up: WarmUp | string | null;
  time_zone: string;
  /** Today in the account's own zone (contract 10.2: its limits count there). */
  today: string;
}

/** The days before today a rolling week holds: 1 (yesterday) to 6. */
const DAYS_BEFORE = Array.from({ length: WEEK_DAYS - 1 }, (_, i) => i + 1);

/**
 * Today's counters of the campaign's senders: `taken` is every slot of the day (sent or reserved for a
 * scheduled action: what the forecast can no longer use), the body's `used` only the actions started
 * (a gauge showing reserved slots as used reads "20 of 20" while 4 went out).
 */
async function sendersToday(db: Queryable, campaign: CampaignRow) {
  const { rows: accounts } = await db.query<SenderRow>(
    `SELECT id, channel, daily_limits, weekly_limits, warm_up, time_zone, to_char((clock_now() AT TIME ZONE time_zone)::date, 'YYYY-MM-DD') AS today
     FROM accounts WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [campaign.sender_account_ids],
  );
  const [ids, days] = [accounts.map((a) => a.id), accounts.map((a) => a.today)];
  const [{ rows: quota }, scheduled] = await Promise.all([
    // Today's slots and the rolling week's (today and the 6 days before it, contract 10.2), from the counters.
    db.query<{ account_id: string; kind: DailyLimitKind; taken: number; week: number; before: number[] }>(
      `SELECT q.account_id, q.kind, sum(q.used) FILTER (WHERE q.day = v.day)::int AS taken, sum(q.used)::int AS week,
         ARRAY[${DAYS_BEFORE.map((back) => `coalesce(sum(q.used) FILTER (WHERE q.day = v.day - ${back}), 0)::int`).join(', ')}] AS before
       FROM sender_quota q JOIN unnest($1::uuid[], $2::date[]) AS v(id, day)
         ON q.account_id = v.id AND q.day BETWEEN v.day - ${WEEK_DAYS - 1} AND v.day
       GROUP BY q.account_id, q.kind`,
      [ids, days],
    ),
    scheduledSlots(db, ids, days),
  ]);
  return accounts.map((account) => {
    // Today's limits: under warm-up, today's ceiling (contract 10.2).
    const rules = senderRules({
      timeZone: account.time_zone,
      dailyLimits: jsonColumn(account.daily_limits),
      weeklyLimits: jsonColumn(account.weekly_limits),
      warmUp: account.warm_up === null ? null : jsonColumn(account.warm_up),
    });
    const limits = Object.fromEntries(DAILY_LIMIT_KINDS.map((kind) => [kind, dailyLimitOn(rules, kind, account.today).limit])) as Record<
      DailyLimitKind,
      number
    >;
    const quotaOf = (kind: DailyLimitKind) => quota.find((q) => q.account_id === account.id && q.kind === kind);
    const perKind = <T>(fn: (kind: DailyLimitKind) => T) =>
      Object.fromEntries(DAILY_LIMIT_KINDS.map((kind) => [kind, fn(kind)])) as Record<DailyLimitKind, T>;
    const taken = perKind((kind) => quotaOf(kind)?.taken ?? 0);
    const started = (slots: number, kind: DailyLimitKind) => Math.max(0, slots - (scheduled.get(`${account.id}:${kind}`) ?? 0));
    const today = perKind((kind) => ({ used: started(taken[kind], kind), limit: limits[kind] }));
    // The rolling week of each kind with a weekly limit; today's scheduled slots are not started yet.
    const week = Object.fromEntries(
      DAILY_LIMIT_KINDS.flatMap((kind) => {
        const limit = weeklyLimitOf(rules, kind);
        return limit === null ? [] : [[kind, { used: started(quotaOf(kind)?.week ?? 0, kind), limit }]];
      }),
    );
    const usedDaysBefore = perKind((kind) => quotaOf(kind)?.before ?? []);
    return { accountId: account.id, channel: account.channel, rules, taken, today, week, usedDaysBefore };
  });
}

/** A forecast stays good this long while nothing of its input moved (its finish date is at most this late). */
const FORECAST_MEMO_MS = 60_000;
const MEMO_CAMPAIGNS = 1000;
/** Above this many unfinished prospects a forecast costs more than a read may wait (~250 ms at 100k simulated). */
const LARGE_RUN = 10_000;
interface Memo {
  key: string;
  at: number;
  forecast: Forecast;
  /** Wall-clock start of the last background refresh (large runs). */
  refreshedAt?: number;
}
const forecasts = new Map<string, Memo>();

const remember = (campaignId: string, memo: Memo) => {
  forecasts.delete(campaignId);
  forecasts.set(campaignId, memo);
  if (forecasts.size > MEMO_CAMPAIGNS) forecasts.delete(forecasts.keys().next().value!);
};

/**
 * The forecast of 100k enrollments costs far more than the counters: a campaign's last forecast is
 * reused for a minute (same local day) while its input is unchanged, as when a run view polls a quiet
 * run. A large run (over LARGE_RUN unfinished) shows its last forecast at once and refreshes it
 * after the answer, at most once a minute: a read never waits for a simulation of 100k prospects.
 */
function memoisedForecast(campaignId: string, input: Omit<ForecastInput, 'startAt'>, today: string, now: number): Forecast {
  const key = JSON.stringify([today, input]);
  const last = forecasts.get(campaignId);
  if (last && last.key === key && now >= last.at && now - last.at < FORECAST_MEMO_MS) return last.forecast;
  const compute = () => forecastCampaign({ ...withinForecastBound(input), startAt: toIso(now) });
  const unfinished = input.audienceSize + (input.underway ?? []).reduce((sum, u) => sum + u.prospects, 0);
  if (!last || unfinished <= LARGE_RUN) {
    const forecast = compute();
    remember(campaignId, { key, at: now, forecast });
    return forecast;
  }
  if (Date.now() - (last.refreshedAt ?? 0) >= FORECAST_MEMO_MS) {
    last.refreshedAt = Date.now();
    setImmediate(() => {
      const current = forecasts.get(campaignId);
      remember(campaignId, { key, at: now, forecast: compute(), refreshedAt: current?.refreshedAt ?? last.refreshedAt });
    });
  }
  return last.forecast;
}

/** The unfinished prospects a campaign's time zones are read from: all of a usual campaign, a fair sample of a large one. */
const ZONE_SAMPLE = 500;
const zoneMemo = new Map<string, { at: number; zones: ProspectTimeZones }>();

/**
 * Contract 9.3 windows in the prospects' zones, for the forecast: how many of the campaign's unfinished
 * prospects (up to ZONE_SAMPLE of them, by its status index: shares within a few points) live in each
 * zone, read at most once a minute per campaign. Each sampled prospect's zone is read by its key (a
 * scalar subquery the planner cannot turn into a scan of every prospect).
 */
export async function prospectZones(db: Queryable, campaignId: string, now: number): Promise<ProspectTimeZones> {
  const last = zoneMemo.get(campaignId);
  if (last && now >= last.at && now - last.at < FORECAST_MEMO_MS) return last.zones;
  const { rows } = await db.query<{ time_zone: string | null; prospects: number }>(
    `SELECT time_zone, count(*)::int AS prospects
     FROM (SELECT (SELECT p.time_zone FROM prospects p WHERE p.id = e.prospect_id) AS time_zone
           FROM (SELECT prospect_id FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active') LIMIT ${ZONE_SAMPLE}) e) z
     GROUP BY time_zone ORDER BY prospects DESC, time_zone LIMIT ${MAX_FORECAST_ZONES}`,
    [campaignId],
  );
  const zones = rows.map((r) => ({ timeZone: r.time_zone, prospects: r.prospects }));
  zoneMemo.delete(campaignId);
  zoneMemo.set(campaignId, { at: now, zones });
  if (zoneMemo.size > MEMO_CAMPAIGNS) zoneMemo.delete(zoneMemo.keys().next().value!);
  return zones;
}

/** What the run view needs of the server's configuration: ACTION_SPACING_S, which the forecast keeps between a sender's actions. */
export type RunViewConfig = Pick<Config, 'actionSpacingS'>;

/** The run of one campaign of the workspace (404 campaign_not_found when it is not there). */
export async function campaignRun(
  db: Queryable,
  workspaceId: string,
  campaignId: string,
  config: RunViewConfig,
  now = Date.now(),
): Promise<CampaignRun> {
  const campaign = await campaignOf(db, workspaceId, campaignId);
  const [counts, senders, zones] = await Promise.all([
    runCounts(db, campaignId),
    sendersToday(db, campaign),
    prospectZones(db, campaignId, now),
  ]);
  const enrollments = enrollmentCounts(counts.enrollments);
  const standing = standingAt(counts.enrollments);
  const steps = stepCounts(counts.steps, standing, counts.waiting, campaign.status);
  const definition = jsonColumn<{ nodes: unknown[]; edges: unknown[] }>(campaign.workflow_definition);
  const forecast = memoisedForecast(
    campaignId,
    {
      definition: { nodes: definition.nodes ?? [], edges: definition.edges ?? [] },
      schedule: jsonColumn(campaign.schedule),
      senders: senders.map((s) => ({
        accountId: s.accountId,
        channel: s.channel,
        dailyLimits: s.rules.dailyLimits,
        weeklyLimits: s.rules.weeklyLimits,
        warmUp: s.rules.warmUp,
        usedToday: s.taken,
        usedDaysBefore: s.usedDaysBefore,
      })),
      audienceSize: enrollments.waiting,
      underway: [...standing].map(([nodeId, prospects]) => ({ nodeId, prospects })),
      prospectTimeZones: zones,
      actionSpacingSeconds: config.actionSpacingS,
    },
    campaign.today,
    now,
  );
  return campaignRunSchema.parse({
    status: campaign.status,
    enrollments,
    steps,
    senders: senders.map(({ accountId, today, week }) => ({ accountId, today, week })),
    forecast: {
      finishBy: forecast.finishBy,
      workingDaysLeft: forecast.workingDaysLeft,
      actionSpacingSeconds: config.actionSpacingS,
      prospectTimeZones: zones,
    },
  });
}

import { forecastCampaign } from '../../domain/forecast';
import { campaignRunSchema, type CampaignRun } from '../../domain/contract/runs';
import { DAILY_LIMIT_KINDS, DEFAULT_DAILY_LIMITS, type DailyLimitKind, type ScheduleInput } from '../../domain/contract/schedule';
import type { CampaignStatus } from '../../domain/contract/campaigns';
import type { EnrollmentStatus } from '../../domain/contract/statuses';
import type { Channel } from '../../domain/contract/conversations';
import { jsonColumn } from '../db/json';
import type { Queryable } from '../db/types';
import { campaignNotFound } from '../campaigns/service';

/**
 * Contract 9.5 `GET /api/v1/campaigns/{id}/run`: a campaign's run in four GROUP BY queries (no row is
 * read one by one): enrollments by status (index enrollments_campaign_status), the prospects at each
 * step (same index), the timeline rows per step/status/output (enrollments_campaign_status, then
 * enrollment_steps_enrollment per enrollment) and the senders' counters of today (sender_quota key).
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
            to_char((now() AT TIME ZONE (c.schedule->>'timeZone'))::date, 'YYYY-MM-DD') AS today
     FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = coalesce(c.launched_version, c.graph_version)
     WHERE c.id = $1 AND c.workspace_id = $2`,
    [campaignId, workspaceId],
  );
  const row = rows[0];
  if (!row) throw campaignNotFound();
  return row;
}

async function enrollmentCounts(db: Queryable, campaignId: string): Promise<CampaignRun['enrollments']> {
  const { rows } = await db.query<{ status: EnrollmentStatus; n: number; replied: number }>(
    `SELECT status, count(*)::int AS n, count(*) FILTER (WHERE outcome = 'replied')::int AS replied
     FROM enrollments WHERE campaign_id = $1 GROUP BY status`,
    [campaignId],
  );
  const counts = { total: 0, waiting: 0, active: 0, finished: 0, replied: 0, stopped: 0, failed: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.total += row.n;
    counts.replied += row.replied;
  }
  return counts;
}

/** Prospects standing at each step now (an active enrollment's current step). */
async function standingAt(db: Queryable, campaignId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ node_id: string; n: number }>(
    `SELECT current_node_id AS node_id, count(*)::int AS n FROM enrollments
     WHERE campaign_id = $1 AND status = 'active' AND current_node_id IS NOT NULL GROUP BY current_node_id`,
    [campaignId],
  );
  return new Map(rows.map((r) => [r.node_id, r.n]));
}

interface StepRow {
  node_id: string;
  status: string;
  handle: string | null;
  n: number;
}

/** The timeline rows per step, status and output: the costliest query, so it runs beside the others. */
async function stepRows(db: Queryable, campaignId: string): Promise<StepRow[]> {
  const { rows } = await db.query<StepRow>(
    `SELECT s.node_id, s.status, s.handle, count(*)::int AS n
     FROM enrollments e JOIN enrollment_steps s ON s.enrollment_id = e.id
     WHERE e.campaign_id = $1 GROUP BY s.node_id, s.status, s.handle`,
    [campaignId],
  );
  return rows;
}

function stepCounts(rows: StepRow[], standing: Map<string, number>): CampaignRun['steps'] {
  const steps = new Map<string, CampaignRun['steps'][number]>();
  const stepOf = (nodeId: string) => {
    let step = steps.get(nodeId);
    if (!step) steps.set(nodeId, (step = { nodeId, entered: 0, waiting: standing.get(nodeId) ?? 0, done: 0, failed: 0, handles: {} }));
    return step;
  };
  for (const row of rows) {
    const step = stepOf(row.node_id);
    step.entered += row.n;
    if (row.status === 'done' || row.status === 'skipped') step.done += row.n;
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
}

async function sendersToday(db: Queryable, campaign: CampaignRow) {
  const { rows: accounts } = await db.query<SenderRow>(
    `SELECT id, channel, daily_limits FROM accounts WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [campaign.sender_account_ids],
  );
  const { rows: used } = await db.query<{ account_id: string; kind: DailyLimitKind; used: number }>(
    `SELECT account_id, kind, used FROM sender_quota WHERE account_id = ANY($1::uuid[]) AND day = $2::date`,
    [accounts.map((a) => a.id), campaign.today],
  );
  return accounts.map((account) => {
    const limits = { ...DEFAULT_DAILY_LIMITS, ...jsonColumn(account.daily_limits) };
    const usedOf = (kind: DailyLimitKind) => used.find((u) => u.account_id === account.id && u.kind === kind)?.used ?? 0;
    const today = Object.fromEntries(DAILY_LIMIT_KINDS.map((kind) => [kind, { used: usedOf(kind), limit: limits[kind] }])) as Record<
      DailyLimitKind,
      { used: number; limit: number }
    >;
    return { accountId: account.id, channel: account.channel, limits, today };
  });
}

/** The run of one campaign of the workspace (404 campaign_not_found when it is not there). */
export async function campaignRun(db: Queryable, workspaceId: string, campaignId: string, now = Date.now()): Promise<CampaignRun> {
  const campaign = await campaignOf(db, workspaceId, campaignId);
  const [enrollments, standing, senders, timeline] = await Promise.all([
    enrollmentCounts(db, campaignId),
    standingAt(db, campaignId),
    sendersToday(db, campaign),
    stepRows(db, campaignId),
  ]);
  const steps = stepCounts(timeline, standing);
  const definition = jsonColumn<{ nodes: unknown[]; edges: unknown[] }>(campaign.workflow_definition);
  const forecast = forecastCampaign({
    definition: { nodes: definition.nodes ?? [], edges: definition.edges ?? [] },
    schedule: jsonColumn(campaign.schedule),
    senders: senders.map((s) => ({ accountId: s.accountId, channel: s.channel, dailyLimits: s.limits, usedToday: usedCounts(s.today) })),
    audienceSize: enrollments.waiting,
    underway: [...standing].map(([nodeId, prospects]) => ({ nodeId, prospects })),
    startAt: new Date(now).toISOString(),
  });
  return campaignRunSchema.parse({
    status: campaign.status,
    enrollments,
    steps,
    senders: senders.map(({ accountId, today }) => ({ accountId, today })),
    forecast: { finishBy: forecast.finishBy, workingDaysLeft: forecast.workingDaysLeft },
  });
}

const usedCounts = (today: Record<DailyLimitKind, { used: number }>) =>
  Object.fromEntries(DAILY_LIMIT_KINDS.map((kind) => [kind, today[kind].used])) as Record<DailyLimitKind, number>;

import type { Queryable } from '../db/types';
import type { CampaignStats } from '../../domain/contract/campaigns';

/**
 * Contract 10.1 results' counters (migration 080): the sums of the delta rows the triggers append —
 * per step, version of its graph and variant; per sender; per day in the schedule's zone; per
 * campaign — instead of a scan of the timelines or of the action rows (which retention prunes).
 */

/** Past this many delta rows beyond one per key, a read folds the campaign's rows into one per key. */
const COMPACT_AFTER_ROWS = 200;

const TABLES = {
  steps: { table: 'result_step_counts', keys: ['node_id', 'version', 'variant_id'], sums: ['sent', 'converted'] },
  senders: { table: 'result_sender_counts', keys: ['account_id'], sums: ['sent', 'accepted', 'replied'] },
  daily: { table: 'result_daily_counts', keys: ['day'], sums: ['invitations', 'accepted', 'messages', 'replied'] },
  campaign: { table: 'result_campaign_counts', keys: [], sums: ['contacted', 'accepted', 'replied'] },
} as const;
type Which = keyof typeof TABLES;

export interface StepCounter {
  node_id: string;
  version: number;
  variant_id: string | null;
  sent: number;
  converted: number;
}
export interface SenderCounter {
  account_id: string;
  sent: number;
  accepted: number;
  replied: number;
}
export interface DailyCounter {
  /** YYYY-MM-DD in the campaign schedule's zone. */
  day: string;
  invitations: number;
  accepted: number;
  messages: number;
  replied: number;
}
export interface CampaignCounter {
  prospects: number;
  contacted: number;
  accepted: number;
  replied: number;
}

export interface ResultCounters {
  steps: StepCounter[];
  senders: SenderCounter[];
  daily: DailyCounter[];
  campaign: CampaignCounter;
}

interface Counted {
  rows: number;
}

async function sums<T>(db: Queryable, which: Which, campaignId: string): Promise<(T & Counted)[]> {
  const { table, keys, sums: summed } = TABLES[which];
  const group = keys.length > 0 ? `GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}` : '';
  const columns = [
    ...keys.map((k) => (k === 'day' ? `to_char(day, 'YYYY-MM-DD') AS day` : k)),
    ...summed.map((s) => `sum(${s})::int AS ${s}`),
  ];
  const { rows } = await db.query<T & Counted>(
    `SELECT ${columns.join(', ')}, count(*)::int AS rows FROM ${table} WHERE campaign_id = $1 ${group}`,
    [campaignId],
  );
  return rows;
}

/** Folds a campaign's delta rows into one row per key (exactly the rows it deletes; one reader at a time). */
export async function compactResultCounters(db: Queryable, campaignId: string): Promise<void> {
  for (const { table, keys, sums: summed } of Object.values(TABLES)) {
    const key = ['campaign_id', ...keys].join(', ');
    await db.query(
      `WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtext('${table}'), hashtext($1::text)) AS got),
       gone AS (DELETE FROM ${table} WHERE campaign_id = $1::uuid AND (SELECT got FROM lock) RETURNING *)
       INSERT INTO ${table} (${key}, ${summed.join(', ')})
       SELECT ${key}, ${summed.map((s) => `sum(${s})`).join(', ')} FROM gone GROUP BY ${key} HAVING count(*) > 0`,
      [campaignId],
    );
  }
}

const withoutCount = <T>(rows: (T & Counted)[]): T[] => rows.map(({ rows: _rows, ...row }) => row as unknown as T);

/** The prospects enrolled per campaign, from the run view's counters (migration 018). */
async function prospectsOf(db: Queryable, campaignIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ campaign_id: string; n: number }>(
    'SELECT campaign_id, sum(n)::int AS n FROM run_enrollment_counts WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id',
    [campaignIds],
  );
  return new Map(rows.map((r) => [r.campaign_id, r.n]));
}

/** The campaign's result counters now; folds its delta rows first when they have piled up. */
export async function resultCounters(db: Queryable, campaignId: string): Promise<ResultCounters> {
  const [steps, senders, daily, campaign, prospects] = await Promise.all([
    sums<StepCounter>(db, 'steps', campaignId),
    sums<SenderCounter>(db, 'senders', campaignId),
    sums<DailyCounter>(db, 'daily', campaignId),
    sums<Omit<CampaignCounter, 'prospects'>>(db, 'campaign', campaignId),
    prospectsOf(db, [campaignId]),
  ]);
  const surplusRows = [...steps, ...senders, ...daily, ...campaign].reduce((sum, row) => sum + Math.max(0, row.rows - 1), 0);
  if (surplusRows > COMPACT_AFTER_ROWS) await compactResultCounters(db, campaignId);
  const totals = campaign[0];
  return {
    steps: withoutCount(steps),
    senders: withoutCount(senders),
    daily: withoutCount(daily).filter((d) => d.invitations + d.accepted + d.messages + d.replied > 0),
    campaign: {
      prospects: prospects.get(campaignId) ?? 0,
      contacted: totals?.contacted ?? 0,
      accepted: totals?.accepted ?? 0,
      replied: totals?.replied ?? 0,
    },
  };
}

/** The campaign-wide counters of many campaigns at once (the campaign list's `stats`); zeros for one never run. */
export async function campaignCounters(db: Queryable, campaignIds: readonly string[]): Promise<Map<string, CampaignCounter>> {
  if (campaignIds.length === 0) return new Map();
  const [totals, prospects] = await Promise.all([
    db.query<Omit<CampaignCounter, 'prospects'> & { campaign_id: string }>(
      `SELECT campaign_id, sum(contacted)::int AS contacted, sum(accepted)::int AS accepted, sum(replied)::int AS replied
       FROM result_campaign_counts WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id`,
      [campaignIds],
    ),
    prospectsOf(db, campaignIds),
  ]);
  const byId = new Map(totals.rows.map((r) => [r.campaign_id, r]));
  return new Map(
    campaignIds.map((id) => {
      const t = byId.get(id);
      return [
        id,
        { prospects: prospects.get(id) ?? 0, contacted: t?.contacted ?? 0, accepted: t?.accepted ?? 0, replied: t?.replied ?? 0 },
      ];
    }),
  );
}

/** Contract 10.1 list `stats` of many campaigns: their counters with `replyRate` = replied ÷ contacted (0 when none). */
export async function campaignStats(db: Queryable, campaignIds: readonly string[]): Promise<Map<string, CampaignStats>> {
  const counters = await campaignCounters(db, campaignIds);
  return new Map([...counters].map(([id, c]) => [id, { ...c, replyRate: c.contacted > 0 ? Math.min(1, c.replied / c.contacted) : 0 }]));
}

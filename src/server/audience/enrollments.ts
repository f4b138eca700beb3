import { campaignSenderChannel } from '../../domain/channels';
import type { Channel } from '../../domain/contract/conversations';
import type { EnrollResult, Enrollment, TimelineItem } from '../../domain/contract/enrollments';
import {
  UNFINISHED_ENROLLMENT_STATUSES_SQL,
  type EnrollmentStatus,
  type ExclusionReason,
  type WaitingReason,
} from '../../domain/contract/statuses';
import { seenWaiting, WAITS_WITHOUT_TIME } from '../../domain/run/waiting';
import { assignSenders, type AssignedProspect, type SenderChoice } from '../../domain/run/sender-assignment';
import type { SenderAssignment } from '../../domain/contract/campaigns';
import { toIso } from '../../domain/time';
import { jsonColumn } from '../db/json';
import type { Db, Queryable } from '../db/types';
import { emitEvents } from '../events';
import { ApiError } from '../http/errors';
import type { TimeIdKey } from '../http/pagination';
import { campaignIsRevision, campaignNotFound } from '../campaigns/service';
import { prospectSearchCondition } from './prospects';
import { excludedProspectSql } from './exclusions';

/**
 * Enrollments (contract 9.2): enrolling prospects into a campaign with the one-campaign-at-a-time
 * rule and a least-loaded sender, listing a campaign's enrollments, and an enrollment's timeline as
 * the run engine records it (enrollment_steps).
 */

const iso = (value: Date | string | null): string | null => (value === null ? null : toIso(value));

const campaignCompleted = () =>
  new ApiError(409, 'campaign_completed', 'The campaign is completed: it takes no more prospects.', {
    status: 'completed',
    hint: 'Enrol these prospects in a draft or active campaign instead (list-campaigns), or copy this one with create-campaign.',
  });

interface CampaignForEnrollment {
  status: string;
  sender_account_ids: string[];
  types: string[];
  sender_assignment: SenderAssignment;
  sender_field: string | null;
  sender_turn: number;
}

async function campaignForEnrollment(tx: Queryable, workspaceId: string, campaignId: string): Promise<CampaignForEnrollment> {
  const { rows } = await tx.query<CampaignForEnrollment & { workflow_definition: string; revision_of: string | null }>(
    `SELECT c.status, c.revision_of, c.sender_account_ids::text[] AS sender_account_ids, c.sender_assignment, c.sender_field, c.sender_turn, v.workflow_definition
     FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = c.graph_version
     WHERE c.id = $1 AND c.workspace_id = $2 FOR UPDATE OF c`,
    [campaignId, workspaceId],
  );
  const row = rows[0];
  if (!row) throw campaignNotFound();
  if (row.revision_of !== null) throw campaignIsRevision(row.revision_of); // contract 10.4: prospects join the running campaign
  const nodes = (JSON.parse(row.workflow_definition) as { nodes?: { type?: unknown }[] }).nodes ?? [];
  return { ...row, types: nodes.map((n) => String(n.type)) };
}

/** Senders among `senderIds` of `channel` (null: any), with their unfinished enrollments over every campaign. */
export async function senderLoads(
  tx: Queryable,
  workspaceId: string,
  senderIds: readonly string[],
  channel: Channel | null,
): Promise<Map<string, number>> {
  return new Map((await senderChoices(tx, workspaceId, senderIds, channel)).map((s) => [s.accountId, s.load]));
}

/** The same senders with their names (a prospect's field may name one, contract 10.2 by_field), in the campaign's order of accounts. */
async function senderChoices(
  tx: Queryable,
  workspaceId: string,
  senderIds: readonly string[],
  channel: Channel | null,
): Promise<SenderChoice[]> {
  const { rows } = await tx.query<{ id: string; name: string; load: number }>(
    `SELECT a.id, a.name, (SELECT count(*)::int FROM enrollments e WHERE e.sender_account_id = a.id AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})) AS load
     FROM accounts a WHERE a.workspace_id = $1 AND a.id = ANY($2::uuid[]) AND ($3::text IS NULL OR a.channel = $3)
     ORDER BY a.created_at, a.id`,
    [workspaceId, senderIds, channel],
  );
  return rows.map((r) => ({ accountId: r.id, name: r.name, load: r.load }));
}

/** The prospects' fields as by_field reads them, in the order of `ids`. */
async function prospectsForAssignment(tx: Queryable, ids: readonly string[]): Promise<AssignedProspect[]> {
  const { rows } = await tx.query<{
    id: string;
    name: string | null;
    headline: string | null;
    company: string | null;
    email: string | null;
    custom_fields: unknown;
  }>('SELECT id, name, headline, company, email, custom_fields FROM prospects WHERE id = ANY($1::uuid[])', [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    return r
      ? {
          fields: { name: r.name, headline: r.headline, company: r.company, email: r.email },
          customFields: jsonColumn(r.custom_fields) as Record<string, unknown>,
        }
      : NO_FIELDS;
  });
}

/** Each new enrollment goes to the sender with the fewest unfinished enrollments at that moment (contract 9.2, 10.2 least_loaded). */
export function assignLeastLoaded(count: number, loads: Map<string, number>): (string | null)[] {
  const senders = [...loads].map(([accountId, load]) => ({ accountId, name: '', load }));
  return assignSenders('least_loaded', senders, Array(count).fill(NO_FIELDS), { field: null, turn: 0 }).senders;
}
const NO_FIELDS = { fields: {}, customFields: {} };

/**
 * POST /api/v1/campaigns/{id}/enrollments. One transaction; the prospects are locked so two
 * concurrent enrolments of one prospect into two campaigns cannot both pass the one-campaign rule.
 * A prospect on the do-not-contact list is left out (`do_not_contact`, contract 10.3).
 * Enrollments start `waiting`: in an active campaign they are due at once, otherwise at launch/resume.
 */
export async function enrollProspects(
  db: Db,
  workspaceId: string,
  campaignId: string,
  input: { prospectIds: string[]; allowInOtherCampaigns?: boolean },
): Promise<EnrollResult> {
  const requested = [...new Set(input.prospectIds.map((id) => id.toLowerCase()))].sort();
  return db.transaction(async (tx) => {
    const campaign = await campaignForEnrollment(tx, workspaceId, campaignId);
    if (campaign.status === 'completed') throw campaignCompleted();
    const { rows: found } = await tx.query<{ id: string; here: boolean; elsewhere: boolean; excluded: boolean }>(
      `SELECT p.id,
         EXISTS (SELECT 1 FROM enrollments e WHERE e.prospect_id = p.id AND e.campaign_id = $3) AS here,
         ${excludedProspectSql('p')} AS excluded,
         EXISTS (SELECT 1 FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                 WHERE e.prospect_id = p.id AND e.campaign_id <> $3 AND c.status <> 'completed' AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})) AS elsewhere
       FROM prospects p WHERE p.workspace_id = $1 AND p.id = ANY($2::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
      [workspaceId, requested, campaignId],
    );
    const known = new Map(found.map((r) => [r.id, r]));
    const excluded: { prospectId: string; reason: ExclusionReason }[] = [];
    const toEnroll: string[] = [];
    let alreadyEnrolled = 0;
    for (const id of requested) {
      const row = known.get(id);
      if (!row) excluded.push({ prospectId: id, reason: 'not_found' });
      else if (row.here) alreadyEnrolled++;
      else if (row.excluded) excluded.push({ prospectId: id, reason: 'do_not_contact' });
      else if (row.elsewhere && !input.allowInOtherCampaigns) excluded.push({ prospectId: id, reason: 'in_another_campaign' });
      else toEnroll.push(id);
    }
    if (toEnroll.length === 0) return { enrolled: 0, alreadyEnrolled, excluded };
    // Contract 10.2: the campaign's strategy gives each its sender, once (sticky).
    const choices = await senderChoices(tx, workspaceId, campaign.sender_account_ids, campaignSenderChannel(campaign.types));
    const prospects =
      campaign.sender_assignment === 'by_field' ? await prospectsForAssignment(tx, toEnroll) : Array(toEnroll.length).fill(NO_FIELDS);
    const assigned = assignSenders(campaign.sender_assignment, choices, prospects, {
      field: campaign.sender_field,
      turn: campaign.sender_turn,
    });
    const senders = assigned.senders;
    if (campaign.sender_assignment === 'round_robin')
      await tx.query('UPDATE campaigns SET sender_turn = $2 WHERE id = $1', [campaignId, assigned.turn]);
    const { rows: added } = await tx.query<EnrollmentRow>(
      `WITH added AS (
         INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id, next_step_at)
         SELECT $1, $2, p, s, CASE WHEN $5 THEN date_trunc('milliseconds', clock_timestamp()) END
         FROM unnest($3::uuid[], $4::uuid[]) AS t(p, s)
         ON CONFLICT (campaign_id, prospect_id) DO NOTHING
         RETURNING *)
       SELECT ${ENROLLMENT_COLUMNS} FROM added e JOIN prospects p ON p.id = e.prospect_id ${CAMPAIGN} ${SCHEDULED_STEP} ORDER BY e.entered_at, e.id`,
      [workspaceId, campaignId, toEnroll, senders, campaign.status === 'active'],
    );
    // Contract 9.5: one prospect.enrolled per new enrollment, its body the enrollment as the list shows it.
    // The run engine hears of them through the outbox (it wakes its workers and counts the run again).
    await emitEvents(tx, workspaceId, 'prospect.enrolled', added.map(toEnrollment));
    return { enrolled: added.length, alreadyEnrolled: alreadyEnrolled + toEnroll.length - added.length, excluded };
  });
}

/**
 * Issue 33 item 7: `nextStepAt` is the time of the next scheduled item — the enrollment's own due
 * instant (a wait's end, a window, a slot to try again), else the scheduled time its timeline shows
 * for the action it waits on; null only when nothing is scheduled.
 */
const ENROLLMENT_COLUMNS = `e.id, e.campaign_id, e.prospect_id, e.sender_account_id, e.status, e.current_node_id,
       coalesce(e.next_step_at, s.scheduled_for) AS next_step_at, e.waiting_reason, c.status AS campaign_status,
       e.outcome, e.entered_at, e.finished_at, e.error, p.name, p.profile_url, p.company,
       coalesce(e.graph_version, c.launched_version) AS version`;
const CAMPAIGN = `JOIN campaigns c ON c.id = e.campaign_id`;

/** Contract 10.2 `?waitingReason=`: the rows `seenWaiting` (domain/run/waiting.ts) reads as that reason. */
const WAITING_FILTER: Readonly<Record<'paused' | 'not_started' | 'stored', string>> = {
  paused: `c.status = 'paused' AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})`,
  not_started: `c.status NOT IN ('paused', 'active') AND e.status = 'waiting'`,
  stored: `c.status = 'active' AND e.status = 'active' AND e.waiting_reason = $`,
};
const SCHEDULED_STEP = `LEFT JOIN enrollment_steps s ON s.position = e.open_step AND s.status = 'scheduled' AND e.status = 'active'`;

interface EnrollmentRow {
  id: string;
  campaign_id: string;
  prospect_id: string;
  sender_account_id: string | null;
  status: Enrollment['status'];
  current_node_id: string | null;
  next_step_at: Date | string | null;
  waiting_reason: WaitingReason | null;
  campaign_status: string;
  outcome: Enrollment['outcome'];
  entered_at: Date | string;
  finished_at: Date | string | null;
  error: string | null;
  name: string | null;
  profile_url: string;
  company: string | null;
  version: number | null;
}

function toEnrollment(r: EnrollmentRow): Enrollment {
  const waitingReason = seenWaiting(r.waiting_reason, r.status, r.campaign_status);
  return {
    enrollmentId: r.id,
    campaignId: r.campaign_id,
    prospectId: r.prospect_id,
    senderAccountId: r.sender_account_id,
    status: r.status,
    currentNodeId: r.current_node_id,
    nextStepAt: waitingReason !== null && WAITS_WITHOUT_TIME.has(waitingReason) ? null : iso(r.next_step_at),
    waitingReason,
    outcome: r.outcome,
    enteredAt: iso(r.entered_at)!,
    finishedAt: iso(r.finished_at),
    error: r.error,
    version: r.version,
    prospect: { name: r.name, profileUrl: r.profile_url, company: r.company },
  };
}

export interface EnrollmentFilters {
  workspaceId: string;
  campaignId: string;
  status: EnrollmentStatus | null;
  nodeId: string | null;
  /** The prospect search (name, headline, company or profile URL); none by default. */
  search?: string | null;
  waitingReason?: WaitingReason | null;
}

/** A campaign's enrollments, first entered first (ties by id), `limit + 1` rows. */
export async function listEnrollments(db: Queryable, filters: EnrollmentFilters, limit: number, after?: TimeIdKey): Promise<Enrollment[]> {
  const { rows: campaign } = await db.query('SELECT 1 FROM campaigns WHERE id = $1 AND workspace_id = $2', [
    filters.campaignId,
    filters.workspaceId,
  ]);
  if (campaign.length === 0) throw campaignNotFound();
  const params: unknown[] = [filters.campaignId];
  const where = ['e.campaign_id = $1'];
  if (filters.status) {
    params.push(filters.status);
    where.push(`e.status = $${params.length}`);
  }
  if (filters.nodeId) {
    params.push(filters.nodeId);
    where.push(`e.current_node_id = $${params.length}`);
  }
  if (filters.search) where.push(prospectSearchCondition(params, filters.search));
  if (filters.waitingReason === 'paused' || filters.waitingReason === 'not_started') where.push(WAITING_FILTER[filters.waitingReason]);
  else if (filters.waitingReason) {
    params.push(filters.waitingReason);
    where.push(`${WAITING_FILTER.stored}${params.length}`);
  }
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(e.entered_at, e.id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<EnrollmentRow>(
    `SELECT ${ENROLLMENT_COLUMNS}
     FROM enrollments e JOIN prospects p ON p.id = e.prospect_id ${CAMPAIGN} ${SCHEDULED_STEP}
     WHERE ${where.join(' AND ')} ORDER BY e.entered_at, e.id LIMIT $${params.length}`,
    params,
  );
  return rows.map(toEnrollment);
}

interface StepRow {
  node_id: string;
  type: string;
  status: TimelineItem['status'];
  scheduled_for: Date | string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  handle: string | null;
  action_id: string | null;
  rendered: TimelineItem['rendered'] | string | null;
  error: string | null;
  variant_id: TimelineItem['variantId'];
  version: number | null;
}

/** GET /api/v1/enrollments/{id}/timeline: what the engine recorded for this prospect, in order. */
export async function enrollmentTimeline(db: Queryable, workspaceId: string, enrollmentId: string): Promise<{ items: TimelineItem[] }> {
  const { rows: enrollment } = await db.query('SELECT 1 FROM enrollments WHERE id = $1 AND workspace_id = $2', [enrollmentId, workspaceId]);
  if (enrollment.length === 0)
    throw new ApiError(404, 'not_found', 'No enrollment with that enrollmentId in this workspace.', {
      hint: 'Check the id: call list-enrollments for the campaign to find its enrollmentId.',
    });
  const { rows } = await db.query<StepRow>(
    `SELECT node_id, type, status, scheduled_for, started_at, finished_at, handle, action_id, rendered, error, version, variant_id
     FROM enrollment_steps WHERE enrollment_id = $1 ORDER BY position`,
    [enrollmentId],
  );
  return {
    items: rows.map((r) => ({
      nodeId: r.node_id,
      type: r.type,
      status: r.status,
      scheduledFor: iso(r.scheduled_for),
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
      handle: r.handle,
      actionId: r.action_id,
      rendered: jsonColumn(r.rendered),
      error: r.error,
      variantId: r.variant_id,
      version: r.version,
    })),
  };
}

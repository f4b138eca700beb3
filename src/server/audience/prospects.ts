import { UNFINISHED_ENROLLMENT_STATUSES_SQL, type EnrollmentStatus } from '../../domain/contract/statuses';
import { PROSPECT_TOTAL_CAP, type PatchProspectBody, type Prospect, type ProspectDetail } from '../../domain/contract/prospects';
import type { ProspectColumns } from '../db/prospect-columns';
import { normaliseProfileUrl } from '../../domain/profile-url';
import { toIso } from '../../domain/time';
import { jsonColumn } from '../db/json';
import type { Db, Queryable } from '../db/types';
import { ApiError } from '../http/errors';
import { likePattern, type TimeIdKey } from '../http/pagination';

/** Prospects of a workspace (contract 9.1; 011_audience.sql): read, list, change, remove. */

export interface ProspectRow extends ProspectColumns {
  id: string;
  workspace_id: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PROSPECT_COLUMNS = `p.id, p.workspace_id, p.profile_url, p.name, p.headline, p.company, p.email, p.time_zone, p.custom_fields, p.created_at, p.updated_at`;

export const toProspect = (row: ProspectRow): Prospect => ({
  prospectId: row.id,
  workspaceId: row.workspace_id,
  profileUrl: row.profile_url,
  name: row.name,
  headline: row.headline,
  company: row.company,
  email: row.email,
  timeZone: row.time_zone,
  customFields: jsonColumn(row.custom_fields) ?? {},
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

export const prospectNotFound = () =>
  new ApiError(404, 'not_found', 'No prospect with that prospectId in this workspace.', {
    hint: 'Check the id: call list-prospects to find the prospect and its prospectId in this workspace.',
  });

const prospectExists = (profileUrl: string) =>
  new ApiError(409, 'prospect_exists', `Another prospect of this workspace already has the profile ${profileUrl}.`, { profileUrl });

export interface ProspectFilters {
  workspaceId: string;
  search: string | null;
  campaignId: string | null;
  enrollmentStatus: EnrollmentStatus | null;
}

/**
 * The prospect search (the prospects list, a run's enrollments): a case-insensitive substring of the
 * four searched fields, kept lower-cased in `search_text` of the prospect aliased `p`. Pushes its
 * parameter and answers the condition.
 */
export function prospectSearchCondition(params: unknown[], search: string): string {
  params.push(likePattern(search.toLowerCase()));
  return `p.search_text LIKE $${params.length}`;
}

/** The WHERE of the list's filters on prospects `p`, its parameters from $1. */
function filtersWhere(filters: ProspectFilters): { where: string[]; params: unknown[] } {
  const params: unknown[] = [filters.workspaceId];
  const where = ['p.workspace_id = $1'];
  if (filters.search) where.push(prospectSearchCondition(params, filters.search));
  if (filters.campaignId || filters.enrollmentStatus) {
    const inEnrollment = ['e.prospect_id = p.id'];
    if (filters.campaignId) {
      params.push(filters.campaignId);
      inEnrollment.push(`e.campaign_id = $${params.length}`);
    }
    if (filters.enrollmentStatus) {
      params.push(filters.enrollmentStatus);
      inEnrollment.push(`e.status = $${params.length}`);
    }
    where.push(`EXISTS (SELECT 1 FROM enrollments e WHERE ${inEnrollment.join(' AND ')})`);
  }
  return { where, params };
}

/** How many prospects match the filters, counted up to the cap (the list's first page says it when asked). */
export async function countProspects(db: Queryable, filters: ProspectFilters): Promise<{ count: number; more: boolean }> {
  const { where, params } = filtersWhere(filters);
  params.push(PROSPECT_TOTAL_CAP + 1);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM prospects p WHERE ${where.join(' AND ')} LIMIT $${params.length}) matching`,
    params,
  );
  const n = rows[0]?.n ?? 0;
  return { count: Math.min(n, PROSPECT_TOTAL_CAP), more: n > PROSPECT_TOTAL_CAP };
}

/** One page, newest first (ties by id), `limit + 1` rows so the caller knows whether a next page exists. */
export async function listProspects(db: Queryable, filters: ProspectFilters, limit: number, after?: TimeIdKey): Promise<Prospect[]> {
  const { where, params } = filtersWhere(filters);
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(p.created_at, p.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<ProspectRow>(
    `SELECT ${PROSPECT_COLUMNS} FROM prospects p WHERE ${where.join(' AND ')}
     ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toProspect);
}

export async function findProspect(db: Queryable, workspaceId: string, prospectId: string): Promise<ProspectRow | undefined> {
  const { rows } = await db.query<ProspectRow>(`SELECT ${PROSPECT_COLUMNS} FROM prospects p WHERE p.id = $1 AND p.workspace_id = $2`, [
    prospectId,
    workspaceId,
  ]);
  return rows[0];
}

/** The prospect and every campaign it is or was enrolled in, first entered first. */
export async function getProspect(db: Queryable, workspaceId: string, prospectId: string): Promise<ProspectDetail> {
  const row = await findProspect(db, workspaceId, prospectId);
  if (!row) throw prospectNotFound();
  const { rows } = await db.query<{ campaign_id: string; name: string; id: string; status: string; entered_at: Date | string }>(
    `SELECT e.campaign_id, c.name, e.id, e.status, e.entered_at FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
     WHERE e.prospect_id = $1 ORDER BY e.entered_at, e.id`,
    [prospectId],
  );
  return {
    ...toProspect(row),
    campaigns: rows.map((r) => ({
      campaignId: r.campaign_id,
      name: r.name,
      enrollmentId: r.id,
      status: r.status,
      enteredAt: toIso(r.entered_at),
    })),
  };
}

/** Text fields as stored: trimmed by the schema, empty as null (contract 9.1 "absent optional fields are null"). */
export const storedText = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

const PATCHABLE = {
  name: 'name',
  headline: 'headline',
  company: 'company',
  email: 'email',
  timeZone: 'time_zone',
} as const;

/** PATCH: the fields given replace theirs; a new profile URL must stay unique in the workspace. */
export async function patchProspect(db: Queryable, workspaceId: string, prospectId: string, body: PatchProspectBody): Promise<Prospect> {
  const sets: string[] = [];
  const params: unknown[] = [prospectId, workspaceId];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  let profileUrl: string | undefined;
  if (body.profileUrl !== undefined) {
    profileUrl = normaliseProfileUrl(body.profileUrl)!;
    set('profile_url', profileUrl);
  }
  for (const [field, column] of Object.entries(PATCHABLE) as [keyof typeof PATCHABLE, string][]) {
    if (body[field] !== undefined) set(column, storedText(body[field]));
  }
  if (body.customFields !== undefined) set('custom_fields', JSON.stringify(body.customFields), '::jsonb');
  sets.push(`updated_at = GREATEST(date_trunc('milliseconds', clock_timestamp()), p.updated_at + interval '1 millisecond')`);
  try {
    const { rows } = await db.query<ProspectRow>(
      `UPDATE prospects p SET ${sets.join(', ')} WHERE p.id = $1 AND p.workspace_id = $2 RETURNING ${PROSPECT_COLUMNS}`,
      params,
    );
    if (!rows[0]) throw prospectNotFound();
    return toProspect(rows[0]);
  } catch (err) {
    if (profileUrl !== undefined && (err as { code?: string }).code === '23505') throw prospectExists(profileUrl);
    throw err;
  }
}

/**
 * DELETE (contract 10.3, replacing 9.1's rule): refused with `prospect_enrolled` while an enrollment is
 * unfinished; otherwise the prospect goes with its enrollments and timelines (the run counters keep
 * their totals, migration 040) and its conversations stay in the inbox.
 */
export async function deleteProspect(db: Db, workspaceId: string, prospectId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM prospects WHERE id = $1 AND workspace_id = $2 FOR UPDATE', [
      prospectId,
      workspaceId,
    ]);
    if (!rows[0]) throw prospectNotFound();
    const running = await tx.query<{ campaign_id: string; name: string }>(
      `SELECT e.campaign_id, c.name FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
       WHERE e.prospect_id = $1 AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL}) ORDER BY e.entered_at, e.id`,
      [prospectId],
    );
    if (running.rows.length > 0) throw prospectEnrolled(running.rows);
    await tx.query('DELETE FROM prospects WHERE id = $1', [prospectId]);
  });
}

const prospectEnrolled = (campaigns: { campaign_id: string; name: string }[]) =>
  new ApiError(
    409,
    'prospect_enrolled',
    `This prospect is still in ${campaigns.map((c) => `“${c.name}”`).join(', ')}: it can be deleted once ${campaigns.length === 1 ? 'that campaign is' : 'those campaigns are'} done with it.`,
    { campaignIds: campaigns.map((c) => c.campaign_id) },
  );

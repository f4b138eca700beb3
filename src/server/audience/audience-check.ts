import { AUDIENCE_CHECK_NAMED, type AudienceCheck } from '../../domain/contract/exclusions';
import { UNFINISHED_ENROLLMENT_STATUSES_SQL } from '../../domain/contract/statuses';
import type { ExclusionKind } from '../../domain/exclusions';
import { readProfileUrl } from '../../domain/profile-url';
import type { Queryable } from '../db/types';
import { campaignNotFound } from '../campaigns/service';
import { exclusionNamesProspectSql } from './exclusions';

/**
 * The launch review's audience (contract 10.3): of a campaign's unfinished enrollments, who is on the
 * do-not-contact list (with the entry that names them) and whose profile URL the rule does not accept
 * (kept from before it: nobody can reach them).
 */
export async function campaignAudienceCheck(db: Queryable, workspaceId: string, campaignId: string): Promise<AudienceCheck> {
  const campaign = await db.query('SELECT 1 FROM campaigns WHERE id = $1 AND workspace_id = $2', [campaignId, workspaceId]);
  if (campaign.rows.length === 0) throw campaignNotFound();
  const enrolled = 'enrollments e JOIN prospects p ON p.id = e.prospect_id';
  const unfinished = `e.campaign_id = $1 AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})`;
  const excluded = await db.query<{
    id: string;
    name: string | null;
    profile_url: string;
    exclusion_id: string;
    kind: ExclusionKind;
    value: string;
    reason: string;
    total: number;
  }>(
    `SELECT p.id, p.name, p.profile_url, x.id AS exclusion_id, x.kind, x.value, x.reason, count(*) OVER ()::int AS total
     FROM ${enrolled} CROSS JOIN LATERAL (
       SELECT x.id, x.kind, x.value, x.reason FROM exclusions x WHERE ${exclusionNamesProspectSql('x', 'p')} ORDER BY x.created_at, x.id LIMIT 1
     ) x
     WHERE ${unfinished} ORDER BY e.entered_at, e.id LIMIT $2`,
    [campaignId, AUDIENCE_CHECK_NAMED],
  );
  // The profile URL rule is the domain's: every enrolled URL is read by it (by hand for the usual spelling).
  const urls = await db.query<{ id: string; name: string | null; profile_url: string; total: number }>(
    `SELECT p.id, p.name, p.profile_url, count(*) OVER ()::int AS total FROM ${enrolled} WHERE ${unfinished} ORDER BY e.entered_at, e.id`,
    [campaignId],
  );
  const unsupported = urls.rows.filter((r) => !readProfileUrl(r.profile_url)?.kind);
  return {
    enrolled: urls.rows[0]?.total ?? 0,
    excluded: {
      count: excluded.rows[0]?.total ?? 0,
      items: excluded.rows.map((r) => ({
        prospectId: r.id,
        name: r.name,
        profileUrl: r.profile_url,
        entry: { exclusionId: r.exclusion_id, kind: r.kind, value: r.value, reason: r.reason },
      })),
    },
    unsupportedProfiles: {
      count: unsupported.length,
      items: unsupported.slice(0, AUDIENCE_CHECK_NAMED).map((r) => ({ prospectId: r.id, name: r.name, profileUrl: r.profile_url })),
    },
  };
}

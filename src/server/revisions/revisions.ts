import type { RevisionImpact } from '../../domain/contract/revisions';
import { UNFINISHED_ENROLLMENT_STATUSES_SQL } from '../../domain/contract/statuses';
import { revisionChanges } from '../../domain/run/revision';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import type { Db, Queryable } from '../db/types';
import type { WorkspaceRef } from '../http/auth';
import type { ChangeOrigin } from '../http/change-origin';
import { ApiError } from '../http/errors';
import { campaignNotFound, getCampaign, type Campaign } from '../campaigns/service';
import { notActive } from '../runs/steer';

/**
 * Contract 10.4's revision records: opening one (a draft holding the launched graph, tied to its
 * running campaign), discarding it, and what publishing it would do. Publishing is publish.ts.
 */

export const revisionNotFound = () => new ApiError(404, 'not_found', 'This campaign has no revision with that revisionId.');

/** The running campaign (locked when asked) with the graph its enrollments move on. */
export interface Parent {
  id: string;
  status: string;
  name: string;
  graph_version: number;
  launched_version: number;
  text_versions: Record<string, number> | null;
  workflow_definition: string;
  open_revision_id: string | null;
}

export async function findParent(tx: Queryable, workspaceId: string, campaignId: string, lock = false): Promise<Parent | undefined> {
  const { rows } = await tx.query<Parent>(
    `SELECT c.id, c.status, c.name, c.graph_version, coalesce(c.launched_version, c.graph_version) AS launched_version, v.text_versions,
       v.workflow_definition, (SELECT r.id FROM campaigns r WHERE r.revision_of = c.id) AS open_revision_id
     FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = coalesce(c.launched_version, c.graph_version)
     WHERE c.id = $1 AND c.workspace_id = $2 AND c.revision_of IS NULL ${lock ? 'FOR UPDATE OF c' : ''}`,
    [campaignId, workspaceId],
  );
  return rows[0];
}

/** The revision of `campaignId` (its current graph and stamp), locked when asked. */
export async function findRevision(tx: Queryable, workspaceId: string, campaignId: string, revisionId: string, lock = false) {
  const { rows } = await tx.query<{ id: string; updated_at: Date; workflow_definition: string }>(
    `SELECT c.id, c.updated_at, v.workflow_definition
     FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = c.graph_version
     WHERE c.id = $1 AND c.revision_of = $2 AND c.workspace_id = $3 ${lock ? 'FOR UPDATE OF c' : ''}`,
    [revisionId, campaignId, workspaceId],
  );
  return rows[0];
}

/** POST /api/v1/campaigns/{id}/revisions and create-revision: the revision, holding the graph its campaign runs. */
export async function createRevision(db: Db, workspace: WorkspaceRef, campaignId: string, origin: ChangeOrigin): Promise<Campaign> {
  const revisionId = await db.transaction(async (tx) => {
    const parent = await findParent(tx, workspace.id, campaignId, true);
    if (!parent) throw campaignNotFound();
    if (parent.status !== 'active' && parent.status !== 'paused') throw notActive(parent.status);
    if (parent.open_revision_id !== null)
      throw new ApiError(409, 'revision_open', 'This campaign already has an open revision: edit, publish or discard it first.', {
        revisionId: parent.open_revision_id,
      });
    const { rows } = await tx.query<{ id: string }>(
      `WITH r AS (
         INSERT INTO campaigns (workspace_id, name, sender_account_ids, schedule, editing_mode, revision_of)
         SELECT workspace_id, name, sender_account_ids, schedule, editing_mode, id FROM campaigns WHERE id = $1 RETURNING *
       ), v AS (
         INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count, saved_via, summary)
         SELECT r.id, r.graph_version, $2, r.updated_at, pv.node_count, pv.edge_count, $3, 'Revision of the running campaign'
         FROM r, campaign_versions pv WHERE pv.campaign_id = $1 AND pv.version = $4
       )
       SELECT id FROM r`,
      [campaignId, parent.workflow_definition, origin.via, parent.launched_version],
    );
    return rows[0]!.id;
  });
  return getCampaign(db, workspace, revisionId);
}

/** DELETE /api/v1/campaigns/{id}/revisions/{revisionId} and discard-revision. */
export async function discardRevision(db: Queryable, workspace: WorkspaceRef, campaignId: string, revisionId: string) {
  const { rows } = await db.query('DELETE FROM campaigns WHERE id = $1 AND revision_of = $2 AND workspace_id = $3 RETURNING id', [
    revisionId,
    campaignId,
    workspace.id,
  ]);
  if (rows.length === 0) throw revisionNotFound();
  return { revisionId, discarded: true as const };
}

/** Unfinished prospects standing at each of `nodeIds` now. */
export async function prospectsAt(tx: Queryable, campaignId: string, nodeIds: readonly string[]): Promise<Map<string, number>> {
  if (nodeIds.length === 0) return new Map();
  const { rows } = await tx.query<{ node_id: string; n: number }>(
    `SELECT current_node_id AS node_id, count(*)::int AS n FROM enrollments
     WHERE campaign_id = $1 AND status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL}) AND current_node_id = ANY($2::text[]) GROUP BY current_node_id`,
    [campaignId, nodeIds],
  );
  return new Map(rows.map((r) => [r.node_id, r.n]));
}

/** Unfinished prospects not yet sent each of `nodeIds` (no action was ever made for them there). */
async function prospectsAhead(tx: Queryable, campaignId: string, nodeIds: readonly string[]): Promise<Map<string, number>> {
  if (nodeIds.length === 0) return new Map();
  const { rows } = await tx.query<{ node_id: string; n: number }>(
    `SELECT n.node_id, count(e.id)::int AS n FROM unnest($2::text[]) AS n(node_id)
     LEFT JOIN enrollments e ON e.campaign_id = $1 AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})
       AND NOT EXISTS (SELECT 1 FROM enrollment_steps s WHERE s.enrollment_id = e.id AND s.node_id = n.node_id AND s.action_id IS NOT NULL)
     GROUP BY n.node_id`,
    [campaignId, nodeIds],
  );
  return new Map(rows.map((r) => [r.node_id, r.n]));
}

/** GET …/revisions/{revisionId}/impact and get-revision-impact (contract 10.4). */
export async function revisionImpact(
  db: Queryable,
  workspace: WorkspaceRef,
  campaignId: string,
  revisionId: string,
): Promise<RevisionImpact> {
  const parent = await findParent(db, workspace.id, campaignId);
  if (!parent) throw campaignNotFound();
  const revision = await findRevision(db, workspace.id, campaignId, revisionId);
  if (!revision) throw revisionNotFound();
  const changes = revisionChanges(
    JSON.parse(parent.workflow_definition) as WorkflowDefinition,
    JSON.parse(revision.workflow_definition) as WorkflowDefinition,
  );
  const at = await prospectsAt(db, campaignId, changes.removed);
  const ahead = await prospectsAhead(db, campaignId, changes.changedText);
  return {
    removed: changes.removed.map((nodeId) => ({ nodeId, prospects: at.get(nodeId) ?? 0 })),
    changedText: changes.changedText.map((nodeId) => ({ nodeId, prospectsAhead: ahead.get(nodeId) ?? 0 })),
    added: [...changes.added],
  };
}

import { PROSPECT_COLUMNS, prospectFields, type ProspectColumns } from '../db/prospect-columns';
import type { Queryable } from '../db/types';

/** Campaign storage (002_campaigns.sql). Every query is scoped by workspace; no business rules here. */

export type { CampaignStatus, EditingMode } from '../../domain';
import type { CampaignStatus, EditingMode } from '../../domain';
import type { ChangeVia } from '../../domain/contract/change-via';
import type { Schedule } from '../../domain/contract/schedule';

export interface CampaignRow {
  id: string;
  workspace_id: string;
  name: string;
  status: CampaignStatus;
  editing_mode: EditingMode;
  sender_account_ids: string[];
  schedule: Schedule | string;
  workflow_definition: string;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
  /** Contract 10.4: the running campaign this revision changes; null on any other record. */
  revision_of: string | null;
  /** Contract 10.4: this campaign's open revision; null when none. */
  open_revision_id: string | null;
}

/** What a save or launch needs to decide: state, version stamp, and the premium status of the senders. */
export interface CampaignState {
  status: CampaignStatus;
  /** Contract 10.4: set on a revision (its senders are its parent's). */
  revision_of: string | null;
  updated_at: Date;
  sender_account_ids: string[];
  /** Senders that still exist in the workspace, with their premium seat (spec 4.1 rule 10) and name (for messages). */
  senders: { accountId: string; premium: boolean; name: string; channel: 'professional_network' | 'messaging_app' }[];
  /** The current graph's JSON text, when asked for. */
  workflow_definition?: string;
}

// Millisecond precision everywhere (contract 4); never earlier than the previous stamp + 1 ms so
// updated_at is strictly increasing even when two saves land in the same millisecond.
const NOW_MS = `date_trunc('milliseconds', clock_timestamp())`;
const NEXT_STAMP = `GREATEST(${NOW_MS}, c.updated_at + interval '1 millisecond')`;

const CAMPAIGN = `c.id, c.workspace_id, c.name, c.status, c.editing_mode, c.sender_account_ids::text[] AS sender_account_ids, c.schedule, c.created_at, c.updated_at, c.archived_at,
  c.revision_of, (SELECT r.id FROM campaigns r WHERE r.revision_of = c.id) AS open_revision_id`;
const COLUMNS = `${CAMPAIGN}, v.workflow_definition`;
// The current graph of campaign `c`.
const CURRENT_GRAPH = 'JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = c.graph_version';

/** A new draft (easy mode) and its first graph, version 1, in one statement. */
export async function insertCampaign(
  db: Queryable,
  input: {
    workspaceId: string;
    name: string;
    senderAccountIds: string[];
    definitionText: string;
    nodeCount: number;
    edgeCount: number;
    savedVia: ChangeVia;
  },
): Promise<Omit<CampaignRow, 'workflow_definition'>> {
  const { rows } = await db.query<CampaignRow>(
    `WITH c AS (
       INSERT INTO campaigns (workspace_id, name, sender_account_ids) VALUES ($1, $2, $3::uuid[]) RETURNING *
     ), v AS (
       INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count, saved_via)
       SELECT c.id, c.graph_version, $4, c.updated_at, $5, $6, $7 FROM c
     )
     SELECT ${CAMPAIGN} FROM c`,
    [input.workspaceId, input.name, input.senderAccountIds, input.definitionText, input.nodeCount, input.edgeCount, input.savedVia],
  );
  return rows[0];
}

export async function findCampaign(db: Queryable, workspaceId: string, campaignId: string): Promise<CampaignRow | undefined> {
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns c ${CURRENT_GRAPH} WHERE c.id = $1 AND c.workspace_id = $2`,
    [campaignId, workspaceId],
  );
  return rows[0];
}

/**
 * State of one campaign plus its senders' premium status, in one round trip; with `withGraph`, also
 * the current graph's text (a patch applies its operations to it).
 */
export async function findCampaignState(
  db: Queryable,
  workspaceId: string,
  campaignId: string,
  withGraph = false,
): Promise<CampaignState | undefined> {
  const { rows } = await db.query<Omit<CampaignState, 'senders'> & { senders: CampaignState['senders'] | string | null }>(
    // Contract 10.4: a revision is validated with its parent's senders.
    `SELECT c.status, c.updated_at, c.revision_of, coalesce(p.sender_account_ids, c.sender_account_ids)::text[] AS sender_account_ids,
       (SELECT json_agg(json_build_object('accountId', a.id, 'premium', a.premium, 'name', a.name, 'channel', a.channel))
          FROM accounts a WHERE a.id = ANY(coalesce(p.sender_account_ids, c.sender_account_ids)) AND a.workspace_id = c.workspace_id) AS senders
       ${withGraph ? ', v.workflow_definition' : ''}
     FROM campaigns c LEFT JOIN campaigns p ON p.id = c.revision_of ${withGraph ? CURRENT_GRAPH : ''} WHERE c.id = $1 AND c.workspace_id = $2`,
    [campaignId, workspaceId],
  );
  if (rows.length === 0) return undefined;
  const { senders, ...rest } = rows[0];
  return { ...rest, senders: (typeof senders === 'string' ? JSON.parse(senders) : senders) ?? [] };
}

/** Saved graphs never change (a save is a new version): the texts read again and again, per process, up to GRAPH_TEXT_CACHE_CHARS. */
const GRAPH_TEXT_CACHE_CHARS = 8 * 1024 * 1024;
const graphTexts = new Map<string, string>();
let cachedChars = 0;

/**
 * The one reader of a campaign's current workflow text (launch re-validates it, simulate runs it): only
 * the campaign's version is read when that version's text was read before (a 500-step graph costs the
 * embedded database ~20 ms to hand over).
 */
export async function currentDefinitionText(db: Queryable, workspaceId: string, campaignId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ graph_version: number }>('SELECT graph_version FROM campaigns WHERE id = $1 AND workspace_id = $2', [
    campaignId,
    workspaceId,
  ]);
  if (!rows[0]) return undefined;
  const key = `${campaignId}:${rows[0].graph_version}`;
  const cached = graphTexts.get(key);
  if (cached !== undefined) return cached;
  const found = await db.query<{ workflow_definition: string }>(
    'SELECT workflow_definition FROM campaign_versions WHERE campaign_id = $1 AND version = $2',
    [campaignId, rows[0].graph_version],
  );
  const text = found.rows[0]?.workflow_definition;
  if (text === undefined || text.length > GRAPH_TEXT_CACHE_CHARS) return text;
  for (const [oldKey, old] of graphTexts) {
    if (cachedChars + text.length <= GRAPH_TEXT_CACHE_CHARS) break;
    graphTexts.delete(oldKey); // the oldest first
    cachedChars -= old.length;
  }
  graphTexts.set(key, text);
  cachedChars += text.length;
  return text;
}

/** The accounts of the workspace among `accountIds`, with their premium seat. */
export async function findSenders(db: Queryable, workspaceId: string, accountIds: string[]): Promise<CampaignState['senders']> {
  if (accountIds.length === 0) return [];
  const { rows } = await db.query<CampaignState['senders'][number]>(
    'SELECT id::text AS "accountId", premium, name, channel FROM accounts WHERE workspace_id = $1 AND id = ANY($2::uuid[])',
    [workspaceId, accountIds],
  );
  return rows;
}

/** The saved campaign; its graph is the caller's (it was just written). */
export type SavedGraph = Omit<CampaignRow, 'workflow_definition'> & { version: number };

/**
 * Spec 3.1 / 4.1: replaces the graph only while the campaign is a draft whose updated_at is still
 * `expectedUpdatedAt` — the check and the write are one statement, so of concurrent saves with the
 * same stamp exactly one wins. The new graph becomes the next version; the replaced one stays as
 * history. Undefined when the condition failed (the caller re-reads to say why).
 */
export async function replaceDraftGraph(
  tx: Queryable,
  input: {
    workspaceId: string;
    campaignId: string;
    expectedUpdatedAt: string;
    definitionText: string;
    nodeCount: number;
    edgeCount: number;
    savedVia: ChangeVia;
    summary: string;
  },
): Promise<SavedGraph | undefined> {
  const { rows } = await tx.query<SavedGraph>(
    `WITH c AS (
       UPDATE campaigns c SET graph_version = c.graph_version + 1, editing_mode = 'advanced', updated_at = ${NEXT_STAMP}
       WHERE c.id = $1 AND c.workspace_id = $2 AND c.status = 'draft' AND c.updated_at = $3::timestamptz
       RETURNING c.*
     ), v AS (
       INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count, saved_via, summary)
       SELECT c.id, c.graph_version, $4, c.updated_at, $5, $6, $7, $8 FROM c
     )
     SELECT ${CAMPAIGN}, c.graph_version AS version FROM c`,
    [
      input.campaignId,
      input.workspaceId,
      input.expectedUpdatedAt,
      input.definitionText,
      input.nodeCount,
      input.edgeCount,
      input.savedVia,
      input.summary,
    ],
  );
  return rows[0];
}

/** Contract 4 launch: draft → active, only while updated_at is still the inspected stamp. */
export async function activateDraft(
  tx: Queryable,
  workspaceId: string,
  campaignId: string,
  inspectedUpdatedAt: string,
): Promise<Omit<CampaignRow, 'workflow_definition'> | undefined> {
  const { rows } = await tx.query<CampaignRow>(
    // Contract 9.3: launch pins the graph the run interprets (the saved version).
    `UPDATE campaigns c SET status = 'active', launched_version = graph_version, updated_at = ${NEXT_STAMP}
     WHERE c.id = $1 AND c.workspace_id = $2 AND c.status = 'draft' AND c.updated_at = $3::timestamptz
     RETURNING ${CAMPAIGN}`,
    [campaignId, workspaceId, inspectedUpdatedAt],
  );
  return rows[0];
}

/**
 * Contract 10.4 publish: a running campaign's graph becomes `definitionText`, a new version of its
 * history, pinned for its run (launched_version); its stamp moves. The caller holds the row's lock.
 */
export async function publishGraph(
  tx: Queryable,
  input: {
    campaignId: string;
    version: number;
    definitionText: string;
    nodeCount: number;
    edgeCount: number;
    savedVia: ChangeVia;
    summary: string;
    textVersions: Record<string, number>;
  },
): Promise<void> {
  await tx.query(
    `WITH c AS (
       UPDATE campaigns c SET graph_version = $2, launched_version = $2, updated_at = ${NEXT_STAMP} WHERE c.id = $1 RETURNING c.id, c.updated_at
     )
     INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count, saved_via, summary, text_versions)
     SELECT c.id, $2, $3, c.updated_at, $4, $5, $6, $7, $8::jsonb FROM c`,
    [
      input.campaignId,
      input.version,
      input.definitionText,
      input.nodeCount,
      input.edgeCount,
      input.savedVia,
      input.summary,
      JSON.stringify(input.textVersions),
    ],
  );
}

/** Keyset page of a workspace's campaigns, newest updated_at first, ties by id (descending). */
export async function listCampaignRows(
  db: Queryable,
  input: { workspaceId: string; status?: CampaignStatus; archived: boolean; after?: { updatedAt: string; id: string }; limit: number },
): Promise<CampaignRow[]> {
  const params: unknown[] = [input.workspaceId, input.status ?? null, input.limit, input.archived];
  let keyset = '';
  if (input.after) {
    params.push(input.after.updatedAt, input.after.id);
    keyset = 'AND (c.updated_at, c.id) < ($5::timestamptz, $6::uuid)';
  }
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns c ${CURRENT_GRAPH}
     WHERE c.workspace_id = $1 AND c.revision_of IS NULL AND (c.archived_at IS NOT NULL) = $4::boolean AND ($2::text IS NULL OR c.status = $2::text) ${keyset}
     ORDER BY c.updated_at DESC, c.id DESC LIMIT $3`,
    params,
  );
  return rows;
}

export interface VersionRow {
  version: number;
  saved_at: Date;
  node_count: number;
  edge_count: number;
  saved_via: ChangeVia | null;
  summary: string | null;
}

/** Every graph of a campaign, newest (the current one) first. */
export async function listVersionRows(db: Queryable, campaignId: string): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT v.version, v.saved_at, v.node_count, v.edge_count, v.saved_via, v.summary FROM campaign_versions v JOIN campaigns c ON c.id = v.campaign_id
     WHERE v.campaign_id = $1 AND v.version <= c.graph_version ORDER BY v.version DESC`,
    [campaignId],
  );
  return rows;
}

/** One earlier graph; the current graph is not a version (read it with get-campaign). */
export async function findVersion(
  db: Queryable,
  campaignId: string,
  version: number,
): Promise<(VersionRow & { workflow_definition: string }) | undefined> {
  const { rows } = await db.query<VersionRow & { workflow_definition: string }>(
    `SELECT v.version, v.saved_at, v.node_count, v.edge_count, v.saved_via, v.summary, v.workflow_definition FROM campaign_versions v JOIN campaigns c ON c.id = v.campaign_id
     WHERE v.campaign_id = $1 AND v.version = $2 AND v.version < c.graph_version`,
    [campaignId, version],
  );
  return rows[0];
}

/**
 * A campaign's settings (name, senders, archived), kept apart from its graph: updated_at (the graph's
 * stamp) stays. Archiving keeps the first archived_at; a running campaign is never archived (no row).
 */
export async function updateCampaignSettings(
  db: Queryable,
  input: {
    workspaceId: string;
    campaignId: string;
    name?: string | undefined;
    senderAccountIds?: string[] | undefined;
    archived?: boolean | undefined;
  },
): Promise<CampaignRow | undefined> {
  const { rows } = await db.query<CampaignRow>(
    `WITH c AS (
       UPDATE campaigns c SET name = COALESCE($3, c.name), sender_account_ids = COALESCE($4::uuid[], c.sender_account_ids),
         archived_at = CASE WHEN $5::boolean IS NULL THEN c.archived_at WHEN $5::boolean THEN COALESCE(c.archived_at, ${NOW_MS}) END
       WHERE c.id = $1 AND c.workspace_id = $2 AND c.revision_of IS NULL AND NOT ($5::boolean IS TRUE AND c.status = 'active') RETURNING c.*
     )
     SELECT ${COLUMNS} FROM c ${CURRENT_GRAPH}`,
    [input.campaignId, input.workspaceId, input.name ?? null, input.senderAccountIds ?? null, input.archived ?? null],
  );
  return rows[0];
}

/** Deletes a draft (its versions go with it); false when no draft of that id is in the workspace. */
export async function deleteDraft(db: Queryable, workspaceId: string, campaignId: string): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM campaigns WHERE id = $1 AND workspace_id = $2 AND status = 'draft' RETURNING id`, [
    campaignId,
    workspaceId,
  ]);
  return rows.length > 0;
}

/** simulate-campaign without a prospect: the campaign's first enrolled prospect, when there is one. */
export async function firstEnrolledProspect(db: Queryable, workspaceId: string, campaignId: string) {
  const { rows } = await db.query<ProspectColumns>(
    `SELECT ${PROSPECT_COLUMNS} FROM enrollments e JOIN prospects p ON p.id = e.prospect_id
     WHERE e.campaign_id = $1 AND e.workspace_id = $2 ORDER BY e.entered_at, e.id LIMIT 1`,
    [campaignId, workspaceId],
  );
  return rows[0] && prospectFields(rows[0]);
}

import {
  countProblems,
  fixFirstHint,
  toIso,
  type CampaignRecord,
  blocksLaunch,
  validateWorkflow,
  type ValidationContext,
  type WorkflowDefinition,
} from '../../domain';
import type { CAMPAIGN_VIEWS, CampaignSummary } from '../../domain/contract/campaigns';
import type { ValidationVerdict } from '../../domain/contract/workflow-checks';
import { completeSchedule } from '../../domain/contract/schedule';
import { jsonColumn } from '../db/json';

export type CampaignView = (typeof CAMPAIGN_VIEWS)[number];
import { findTemplate, summarizeChange } from '../../domain/paths';
import type { Db, Queryable } from '../db/types';
import { emitEvent } from '../events';
import { ApiError } from '../http/errors';
import type { WorkspaceRef } from '../http/auth';
import { WITHOUT_REQUEST, type ChangeOrigin } from '../http/change-origin';
import {
  activateDraft,
  findCampaign,
  currentDefinitionText,
  findCampaignState,
  findSenders,
  insertCampaign,
  replaceDraftGraph,
  type CampaignRow,
  type CampaignState,
  type CampaignStatus,
} from './queries';

/**
 * Campaign operations behind the MCP tools (spec 3.1, 4.1; contract 3, 4). Arguments arrive
 * parsed; every failure is an ApiError, turned into a tool error in one place (mcp/server.ts).
 * Error precedence (contract 3): arguments, workspace, not found, not draft, stale, invalid workflow.
 */

/** Contract 4 campaign record. */
export type Campaign = CampaignRecord;

/** The record of contract 4; `definition` when the graph is already at hand (just written or parsed). */
export const toCampaign = (
  row: Omit<CampaignRow, 'workflow_definition'> & { workflow_definition?: string },
  definition?: WorkflowDefinition,
): Campaign => ({
  campaignId: row.id,
  workspaceId: row.workspace_id,
  name: row.name,
  status: row.status,
  editingMode: row.editing_mode,
  senderAccountIds: row.sender_account_ids,
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
  schedule: completeSchedule(jsonColumn(row.schedule)),
  archivedAt: row.archived_at ? toIso(row.archived_at) : null,
  revisionOf: row.revision_of,
  openRevisionId: row.open_revision_id,
  senderAssignment: row.sender_assignment,
  senderField: row.sender_field,
  workflow_definition: definition ?? (JSON.parse(row.workflow_definition!) as WorkflowDefinition),
});

// ---- errors of contract 3 (hints of contract 8.1 where the call site knows better than the code) ------

export const invalidArguments = (message: string, errors: { path: string; message: string }[], hint?: string) =>
  new ApiError(400, 'invalid_arguments', message, { errors, ...(hint ? { hint } : {}) });
export const campaignNotFound = () => new ApiError(404, 'not_found', 'No campaign with that campaignId in this workspace.');
export const notDraft = (status: CampaignStatus, what = 'graph can be replaced or launched') =>
  new ApiError(409, 'campaign_not_draft', `The campaign is ${status}; only a draft campaign's ${what}.`, { status });
/** Contract 10.4: a revision changes only its graph; everything else is the running campaign's. */
export const campaignIsRevision = (revisionOf: string) =>
  new ApiError(409, 'campaign_is_revision', 'This is a revision of a running campaign: only its graph can change until it is published.', {
    revisionOf,
  });
export const staleEdit = (current: Date | string, hint?: string) =>
  new ApiError(409, 'stale_edit', 'The campaign changed since you read it: read it again with get-campaign and pass its updated_at.', {
    currentUpdatedAt: toIso(current),
    ...(hint ? { hint } : {}),
  });
const invalidWorkflow = (verdict: ValidationVerdict) =>
  new ApiError(422, 'invalid_workflow', `The workflow breaks ${verdict.errors} rule(s); nothing was saved.`, {
    violations: verdict.violations,
    ...(verdict.hint ? { hint: verdict.hint } : {}),
  });
const LAUNCH_STALE_HINT =
  'The campaign changed after you inspected it: call get-campaign, inspect the saved graph again and pass its updated_at as inspectedUpdatedAt.';

// ---- build context → validate (one verdict for save, create, validate and launch) -------------------

/**
 * Spec 4.1 rule 10 and contract 9.4 context: the campaign's senders with their premium seat and
 * channel. An empty list is known (no_sender) yet says nothing about seats (rule 10 only warns).
 */
export const validationContext = (state: Pick<CampaignState, 'senders'>): ValidationContext => ({ senders: state.senders });

/**
 * The verdict on a graph (contract 8.1): the shared validator, counted, with the way out.
 * Every surface decides with this one function: a save refuses exactly what validate reports invalid.
 */
export function judgeWorkflow(definition: unknown, context: ValidationContext): ValidationVerdict {
  const violations = validateWorkflow(definition, context);
  const { errors, warnings } = countProblems(violations);
  const hint = errors > 0 ? fixFirstHint(violations) : undefined;
  return { valid: errors === 0, violations, errors, warnings, ...(hint ? { hint } : {}) };
}

/** Throws invalid_workflow (with every violation and the hint) unless the verdict allows saving. */
function assertValid(verdict: ValidationVerdict): void {
  if (!verdict.valid) throw invalidWorkflow(verdict);
}

/**
 * Contract 8.6: a launch is refused while the saved graph has an error or a provider_limit /
 * invalid_url warning (these never block a save), as invalid_workflow with every violation.
 */
export function assertLaunchable(definition: unknown, context: ValidationContext): void {
  const violations = validateWorkflow(definition, context);
  const blocking = violations.filter(blocksLaunch);
  if (blocking.length === 0) return;
  const hint = fixFirstHint(blocking);
  throw new ApiError(
    422,
    'invalid_workflow',
    `The saved workflow has ${blocking.length} problem(s) to fix before launch; the campaign was not launched.`,
    { violations, ...(hint ? { hint } : {}) },
  );
}

/** The sender ids, lower-cased and once each, after checking each names an account of the workspace. */
export async function checkedSenderIds(db: Queryable, workspace: WorkspaceRef, ids: readonly string[]) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const senders = await findSenders(db, workspace.id, unique);
  const known = new Set(senders.map((s) => s.accountId));
  const unknown = ids.flatMap((id, i) =>
    known.has(id.toLowerCase()) ? [] : [{ path: `senderAccountIds.${i}`, message: 'Not an account of this workspace.' }],
  );
  if (unknown.length > 0) throw invalidArguments('senderAccountIds must name accounts of this workspace.', unknown);
  return { ids: unique, senders };
}

/** Contract 4 create-campaign without a graph: start → connection_request → end on both outputs (spec 3.3). */
export const defaultWorkflow = (): WorkflowDefinition => findTemplate('connection-only')!.build();

const counts = (definition: WorkflowDefinition) => ({ nodeCount: definition.nodes.length, edgeCount: definition.edges.length });

// ---- operations ----------------------------------------------------------------------------------

/** Contract 8.1 `view: "summary"`: the graph's counts instead of the graph, for an agent's small context. */
export function inView(campaign: Campaign, view: CampaignView = 'full'): Campaign | CampaignSummary {
  if (view === 'full') return campaign;
  const { nodes, edges } = campaign.workflow_definition;
  const types: Record<string, number> = {};
  for (const node of nodes) types[node.type] = (types[node.type] ?? 0) + 1;
  return { ...campaign, workflow_definition: { nodeCount: nodes.length, edgeCount: edges.length, types } };
}

export async function getCampaign(db: Queryable, workspace: WorkspaceRef, campaignId: string): Promise<Campaign> {
  const row = await findCampaign(db, workspace.id, campaignId);
  if (!row) throw campaignNotFound();
  return toCampaign(row);
}

export async function createCampaign(
  db: Queryable,
  workspace: WorkspaceRef,
  input: { name: string; senderAccountIds: string[]; workflowDefinition?: object },
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<Campaign> {
  const { ids: senderIds, senders } = await checkedSenderIds(db, workspace, input.senderAccountIds);
  const definition = (input.workflowDefinition as WorkflowDefinition | undefined) ?? defaultWorkflow();
  if (input.workflowDefinition !== undefined) assertValid(judgeWorkflow(definition, validationContext({ senders })));
  const row = await insertCampaign(db, {
    workspaceId: workspace.id,
    name: input.name,
    senderAccountIds: senderIds,
    definitionText: JSON.stringify(definition),
    ...counts(definition),
    savedVia: origin.via,
  });
  return toCampaign(row, definition);
}

/**
 * Reads the state and applies the not-found / not-draft / stale checks in contract 3 order;
 * `withGraph` also reads the current graph's text (for a patch).
 */
export async function draftAt(
  db: Queryable,
  workspace: WorkspaceRef,
  campaignId: string,
  expectedMs: number,
  staleHint?: string,
  withGraph = false,
): Promise<CampaignState> {
  const state = await findCampaignState(db, workspace.id, campaignId, withGraph);
  if (!state) throw campaignNotFound();
  if (state.status !== 'draft') throw notDraft(state.status);
  if (new Date(state.updated_at).getTime() !== expectedMs) throw staleEdit(state.updated_at, staleHint);
  return state;
}

/** After a conditional write matched no row: re-read to report which condition failed. */
async function explainMiss(
  db: Queryable,
  workspace: WorkspaceRef,
  campaignId: string,
  expectedMs: number,
  staleHint?: string,
): Promise<never> {
  await draftAt(db, workspace, campaignId, expectedMs, staleHint);
  // The row matched again when re-read: the stamp moved and came back, which cannot happen; report stale.
  throw staleEdit(new Date(expectedMs), staleHint);
}

/**
 * Spec 4.1 update-campaign-workflow: full replacement of a draft's graph, stored verbatim in the
 * advanced editing mode; the replaced graph becomes a version; nothing is started or sent.
 */
export async function updateCampaignWorkflow(
  db: Db,
  workspace: WorkspaceRef,
  input: { campaignId: string; expectedUpdatedAtMs: number; workflowDefinition: object },
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<Campaign> {
  // With the saved graph: the new version's summary says what this save changes.
  const state = await draftAt(db, workspace, input.campaignId, input.expectedUpdatedAtMs, undefined, true);
  return saveDraftGraph(db, workspace, state, input, origin);
}

/**
 * The one save of a draft's graph, after the state checks (`draftAt`): build the context → validate
 * → persist. update-campaign-workflow and patch-campaign-workflow both end here.
 */
export async function saveDraftGraph(
  db: Db,
  workspace: WorkspaceRef,
  state: CampaignState,
  input: { campaignId: string; expectedUpdatedAtMs: number; workflowDefinition: unknown },
  origin: ChangeOrigin,
): Promise<Campaign> {
  assertValid(judgeWorkflow(input.workflowDefinition, validationContext(state)));
  const definition = input.workflowDefinition as WorkflowDefinition;
  const summary = summarizeChange(JSON.parse(state.workflow_definition!) as WorkflowDefinition, definition);
  return persistDraftGraph(db, workspace, { ...input, definition, summary }, origin);
}

/** Writes a judged graph: one conditional write (still a draft at that updated_at), its version row, its event and its live change (8.5). */
async function persistDraftGraph(
  db: Db,
  workspace: WorkspaceRef,
  input: { campaignId: string; expectedUpdatedAtMs: number; definition: WorkflowDefinition; summary: string },
  origin: ChangeOrigin,
): Promise<Campaign> {
  const { definition } = input;
  const saved = await db.transaction(async (tx) => {
    const result = await replaceDraftGraph(tx, {
      workspaceId: workspace.id,
      campaignId: input.campaignId,
      expectedUpdatedAt: toIso(input.expectedUpdatedAtMs),
      definitionText: JSON.stringify(definition),
      ...counts(definition),
      savedVia: origin.via,
      summary: input.summary,
    });
    if (!result) return undefined;
    const { version, ...row } = result;
    await emitEvent(
      tx,
      workspace.id,
      'campaign.workflow_updated',
      {
        campaignId: row.id,
        workspaceId: workspace.id,
        name: row.name,
        status: row.status,
        editingMode: row.editing_mode,
        updated_at: toIso(row.updated_at),
        ...counts(definition),
        version,
      },
      origin,
    );
    return row;
  });
  if (!saved) return explainMiss(db, workspace, input.campaignId, input.expectedUpdatedAtMs);
  return toCampaign(saved, definition);
}

/**
 * Contract 4 launch-campaign: a draft whose saved graph was inspected at `inspectedUpdatedAt`
 * (and is valid) becomes active, its graph pinned (contract 9.3); the run engine starts its enrollments.
 */
export async function launchCampaign(
  db: Db,
  workspace: WorkspaceRef,
  input: { campaignId: string; inspectedUpdatedAtMs: number },
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<Campaign> {
  const revisionOf = (await findCampaignState(db, workspace.id, input.campaignId))?.revision_of;
  if (revisionOf) throw campaignIsRevision(revisionOf); // contract 10.4: a revision is published, never launched
  const state = await draftAt(db, workspace, input.campaignId, input.inspectedUpdatedAtMs, LAUNCH_STALE_HINT);
  const text = await currentDefinitionText(db, workspace.id, input.campaignId);
  if (text === undefined) throw campaignNotFound();
  const definition = JSON.parse(text) as WorkflowDefinition;
  assertLaunchable(definition, validationContext(state));
  const launched = await db.transaction(async (tx) => {
    const row = await activateDraft(tx, workspace.id, input.campaignId, toIso(input.inspectedUpdatedAtMs));
    if (!row) return undefined;
    await emitEvent(
      tx,
      workspace.id,
      'campaign.launched',
      {
        campaignId: row.id,
        workspaceId: workspace.id,
        name: row.name,
        status: row.status,
        updated_at: toIso(row.updated_at),
        senderAccountIds: row.sender_account_ids,
      },
      origin,
    );
    return row;
  });
  if (!launched) return explainMiss(db, workspace, input.campaignId, input.inspectedUpdatedAtMs, LAUNCH_STALE_HINT);
  return toCampaign(launched, definition);
}

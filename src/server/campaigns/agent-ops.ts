import type { PatchOperation } from '../../domain/contract/campaigns';
import type { ValidationVerdict } from '../../domain/contract/workflow-checks';
import { placeholderValues, type WorkflowDefinition } from '../../domain';
import { applyWorkflowPatch } from '../../domain/workflow-patch';
import type { Db, Queryable } from '../db/types';
import type { WorkspaceRef } from '../http/auth';
import type { ChangeOrigin } from '../http/change-origin';
import { currentDefinitionText, findCampaignState, firstEnrolledProspect } from './queries';
import { campaignNotFound, draftAt, invalidArguments, judgeWorkflow, saveDraftGraph, validationContext, type Campaign } from './service';
import type { ComputePool } from '../compute/pool';
import type { SerialisedResult } from '../compute/serialised-result';

/**
 * The tools for agents of contract 8.1 over the campaign service: validate (the save's verdict,
 * nothing saved), patch (operations on the saved graph, then the save's own path) and simulate
 * (the app simulator's walk over the saved graph).
 */

/** validate-campaign-workflow: the verdict a save would give; with a campaign, its senders are the context. */
export async function validateCampaignWorkflow(
  db: Queryable,
  workspace: WorkspaceRef,
  input: { campaignId?: string; workflowDefinition: unknown },
): Promise<ValidationVerdict> {
  let context = {};
  if (input.campaignId !== undefined) {
    const state = await findCampaignState(db, workspace.id, input.campaignId);
    if (!state) throw campaignNotFound();
    context = validationContext(state);
  }
  return judgeWorkflow(input.workflowDefinition, context);
}

/**
 * patch-campaign-workflow: state checks as a save (not found, not draft, stale), then the operations
 * on the saved graph (a bad one → invalid_arguments at `operations.<i>…`), then the save's own path
 * (rules, version, event). Operation errors come after the stale check: they are only meaningful on
 * the graph the caller read.
 */
export async function patchCampaignWorkflow(
  db: Db,
  workspace: WorkspaceRef,
  input: { campaignId: string; expectedUpdatedAtMs: number; operations: PatchOperation[] },
  origin: ChangeOrigin,
): Promise<Campaign> {
  const state = await draftAt(db, workspace, input.campaignId, input.expectedUpdatedAtMs, undefined, true);
  const saved = JSON.parse(state.workflow_definition!) as WorkflowDefinition;
  const patched = applyWorkflowPatch(saved, input.operations);
  if (!patched.ok)
    throw invalidArguments(
      `Operation ${patched.error.path.split('.')[1]} cannot be applied: ${patched.error.message} Nothing was saved.`,
      [patched.error],
      'Call get-campaign to see the node and edge ids of the saved graph, correct that operation (operations apply in order) and send the whole batch again.',
    );
  return saveDraftGraph(
    db,
    workspace,
    state,
    {
      campaignId: input.campaignId,
      expectedUpdatedAtMs: input.expectedUpdatedAtMs,
      workflowDefinition: patched.definition,
    },
    origin,
  );
}

/** simulate-campaign: every combination of branch outcomes over the saved graph, for one (optional) prospect (its Simulation, serialised). */
export async function simulateCampaign(
  db: Queryable,
  workspace: WorkspaceRef,
  input: { campaignId: string; prospect?: { customFields: Record<string, string> } },
  compute: { pool: ComputePool; key: string },
): Promise<SerialisedResult> {
  // Off the event loop, within SIMULATION_BUDGET (truncated past it), one at a time per API key; the graph is read once the key has its turn.
  return compute.pool.run(
    'simulate',
    async () => {
      const text = await currentDefinitionText(db, workspace.id, input.campaignId);
      if (text === undefined) throw campaignNotFound();
      // Contract 9.1: without a sample, the campaign's first enrolled prospect (when there is one) fills the placeholders.
      const enrolled = input.prospect ? undefined : await firstEnrolledProspect(db, workspace.id, input.campaignId);
      return { definitionText: text, prospect: input.prospect ?? (enrolled && { customFields: placeholderValues(enrolled) }) };
    },
    compute.key,
  );
}

import type { CampaignResults, StepResult } from '../../domain/contract/results';
import { messageText, subjectText } from '../../domain/paths/describe';
import { stepResults, type VariantCounts } from '../../domain/stats';
import { toIso } from '../../domain/time';
import { stepNames } from '../../domain/validator/names';
import { sentVersions, stepVariants, variantLetter } from '../../domain/variants';
import type { WorkflowDefinition, WorkflowNode } from '../../domain/workflow-types';
import type { Queryable } from '../db/types';
import { resultCounters, type StepCounter } from './counters';
import { isSendingStep, resultMetricOf } from './metric';

/**
 * Contract 10.1 GET /api/v1/campaigns/{id}/results (and get-campaign-results, and its CSV): the
 * counters turned into rows per (step, version of its text, variant) with their rates, intervals and
 * verdict, per sender and per day. Reads counters and the graphs only — never a scan.
 */

export interface ResultsCampaign {
  status: string;
  /** The version the run moves on (null for a draft: its current graph is shown, with zeros). */
  launched_version: number | null;
  graph_version: number;
  variant_winners: Record<string, string>;
  now: Date | string;
}

/** The campaign the results are of, in this workspace; undefined when there is none (the caller answers 404). */
export async function resultsCampaign(
  db: Queryable,
  workspaceId: string,
  campaignId: string,
  lock = false,
): Promise<ResultsCampaign | undefined> {
  const { rows } = await db.query<ResultsCampaign>(
    `SELECT status, launched_version, graph_version, variant_winners, clock_now() AS now FROM campaigns WHERE id = $1 AND workspace_id = $2
     ${lock ? 'FOR UPDATE' : ''}`,
    [campaignId, workspaceId],
  );
  return rows[0];
}

/** The graphs of these versions of the campaign. */
export async function campaignGraphs(
  db: Queryable,
  campaignId: string,
  versions: readonly number[],
): Promise<Map<number, WorkflowDefinition>> {
  const { rows } = await db.query<{ version: number; workflow_definition: string }>(
    'SELECT version, workflow_definition FROM campaign_versions WHERE campaign_id = $1 AND version = ANY($2::int[])',
    [campaignId, [...new Set(versions)]],
  );
  return new Map(rows.map((r) => [r.version, JSON.parse(r.workflow_definition) as WorkflowDefinition]));
}

/** What a step sends, to tell a version of its text from the next: its texts (and subjects) per variant. */
const textOf = (node: WorkflowNode | undefined): string =>
  node === undefined
    ? ''
    : JSON.stringify(
        sentVersions(node).map((v) => [
          v.variant?.variantId ?? null,
          v.variant?.label ?? null,
          messageText({ type: node.type, data: v.data }),
          subjectText({ type: node.type, data: v.data }),
        ]),
      );

const nodeOf = (graph: WorkflowDefinition | undefined, nodeId: string): WorkflowNode | undefined =>
  graph?.nodes.find((n) => n.id === nodeId);

/** One step's rows: its counted versions folded where consecutive versions send the same text, the current one when nothing was counted. */
function stepRows(
  nodeId: string,
  counters: readonly StepCounter[],
  graphs: ReadonlyMap<number, WorkflowDefinition>,
  currentVersion: number,
): StepResult[] {
  const versions = [...new Set(counters.map((c) => c.version))].sort((a, b) => a - b);
  if (versions.length === 0) versions.push(currentVersion);
  const groups: { version: number; versions: Set<number> }[] = [];
  for (const version of versions) {
    const last = groups[groups.length - 1];
    if (last && textOf(nodeOf(graphs.get(last.version), nodeId)) === textOf(nodeOf(graphs.get(version), nodeId)))
      last.versions.add(version);
    else groups.push({ version, versions: new Set([version]) });
  }
  return groups.flatMap(({ version, versions: folded }) => {
    const graph = graphs.get(version) ?? graphs.get(currentVersion);
    const node = nodeOf(graph, nodeId);
    if (!graph || !node) return [];
    const name = stepNames(graph.nodes).get(nodeId) ?? nodeId;
    const counted = new Map<string | null, { sent: number; converted: number }>();
    for (const c of counters)
      if (folded.has(c.version)) {
        const sum = counted.get(c.variant_id) ?? { sent: 0, converted: 0 };
        counted.set(c.variant_id, { sent: sum.sent + c.sent, converted: sum.converted + c.converted });
      }
    const variants = stepVariants(node);
    const rows: VariantCounts[] = (variants ?? [{ variantId: null, label: name }]).map((v) => ({
      variantId: v.variantId,
      label: v.label,
      ...(counted.get(v.variantId) ?? { sent: 0, converted: 0 }),
    }));
    // A variant counted under a version whose step no longer lists it still shows.
    for (const [variantId, sums] of counted)
      if (!rows.some((r) => r.variantId === variantId) && variantId !== null)
        rows.push({ variantId, label: variantLetter(variantId), ...sums });
    const metric = resultMetricOf(node.type);
    const { variants: shown, verdict } = stepResults(rows, metric);
    return [{ nodeId, name, version, metric, variants: shown, verdict } as StepResult];
  });
}

/** Contract 10.1 results of a campaign of the caller's workspace; undefined when it has none with that id. */
export async function campaignResults(db: Queryable, workspaceId: string, campaignId: string): Promise<CampaignResults | undefined> {
  const campaign = await resultsCampaign(db, workspaceId, campaignId);
  if (!campaign) return undefined;
  const counters = await resultCounters(db, campaignId);
  const currentVersion = campaign.launched_version ?? campaign.graph_version;
  const graphs = await campaignGraphs(db, campaignId, [currentVersion, ...counters.steps.map((s) => s.version)]);
  const current = graphs.get(currentVersion);
  const nodeIds = [
    ...(current?.nodes.filter((n) => isSendingStep(n.type)).map((n) => n.id) ?? []),
    ...counters.steps.map((s) => s.node_id),
  ].filter((id, i, all) => all.indexOf(id) === i);
  return {
    asOf: toIso(campaign.now),
    steps: nodeIds.flatMap((nodeId) =>
      stepRows(
        nodeId,
        counters.steps.filter((s) => s.node_id === nodeId),
        graphs,
        currentVersion,
      ),
    ),
    senders: counters.senders.map((s) => ({ accountId: s.account_id, sent: s.sent, accepted: s.accepted, replied: s.replied })),
    daily: counters.daily.map((d) => ({
      date: d.day,
      invitations: d.invitations,
      accepted: d.accepted,
      messages: d.messages,
      replied: d.replied,
    })),
  };
}

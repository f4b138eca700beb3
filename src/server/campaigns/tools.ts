import { z } from 'zod';
import { parseUtcDateTime, workflowDefinitionSchema } from '../../domain';
import { int32 } from '../../domain/contract/bounds';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../mcp/tool';
import {
  createCampaign,
  getCampaign,
  getCampaignVersion,
  launchCampaign,
  listCampaigns,
  listCampaignVersions,
  updateCampaignWorkflow,
} from './service';

/** The campaign tools of contract 3–4 (and the saved-graph history), served at POST /mcp. */

// Spec 2.1: workspace ID or slug, minimum length 1.
const workspaceId = z
  .string()
  .min(1)
  .optional()
  .describe('Workspace id or slug. Required when your API key can access several workspaces.');
const campaignId = z.guid().describe('The campaign id (UUID).');

// Spec 4.1: <date>T<time>Z, seconds and fraction optional, real calendar dates (leap days included).
const utcDateTime = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/, 'Must be a UTC date-time ending in Z, e.g. 2026-11-21T10:15:30.123Z.')
    .refine((text) => parseUtcDateTime(text) !== null, 'Not a real UTC date-time (check the calendar date and the time).')
    .describe(description);
const instant = (text: string): number => parseUtcDateTime(text)!;

// Where the graph is checked by the shared validator, the arguments only require an object:
// anything inside it comes back as invalid_workflow violations the editor can pin on nodes (contract 3).
const graphObject = z.record(z.string(), z.unknown());
const graphDescription = 'The complete delivery graph {nodes, edges} (spec 2.2–2.5): full replacement, always send every node and edge.';

const statusSchema = z.enum(['draft', 'active', 'paused', 'completed']);
const campaignRecord = z.looseObject({
  campaignId: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  status: statusSchema,
  editingMode: z.enum(['easy', 'advanced']),
  senderAccountIds: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  workflow_definition: z.looseObject({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }),
});

const getArgs = z.strictObject({ workspaceId, campaignId });
const createArgs = z.strictObject({
  workspaceId,
  name: z.string().trim().min(1).max(200).describe('Campaign name shown in the studio.'),
  senderAccountIds: z.array(z.guid()).max(50).optional().describe('Sender accounts of this workspace (their ids).'),
  workflow_definition: graphObject.optional().describe(`${graphDescription} Omit it to start from start → connection_request → end.`),
});
const listArgs = z.strictObject({
  workspaceId,
  status: statusSchema.optional().describe('Only campaigns in this status.'),
  limit: z.int().min(1).max(100).optional().describe('Page size, 1..100, default 50.'),
  cursor: z.string().min(1).optional().describe('nextCursor of the previous page (same filters).'),
});
const updateArgs = z.strictObject({
  workspaceId,
  campaignId,
  expectedUpdatedAt: utcDateTime('The updated_at you read with get-campaign (or got from your last save).'),
  workflow_definition: graphObject.describe(graphDescription),
});
const launchArgs = z.strictObject({
  workspaceId,
  campaignId,
  inspectedUpdatedAt: utcDateTime('The updated_at of the saved graph you inspected with get-campaign.'),
  confirm: z.literal(true).describe('Must be true: explicit authorization to launch.'),
});
const versionsArgs = z.strictObject({ workspaceId, campaignId });
const versionArgs = z.strictObject({
  workspaceId,
  campaignId,
  version: int32().min(1).describe('A version number from list-campaign-versions.'),
});

export const campaignTools: ToolDefinition[] = [
  defineTool({
    name: 'get-campaign',
    title: 'Get campaign',
    description:
      'Read one campaign: status, editing mode, senders, its saved delivery graph (workflow_definition) and updated_at. ' +
      'Always read a campaign before changing or launching it, and pass its updated_at as expectedUpdatedAt / inspectedUpdatedAt.',
    arguments: getArgs,
    result: campaignRecord,
    readOnly: true,
    run: (args, { db, caller }) => getCampaign(db, resolveWorkspace(caller, args.workspaceId), args.campaignId),
  }),
  defineTool({
    name: 'create-campaign',
    title: 'Create campaign',
    description:
      'Create a draft campaign in easy editing mode. Without workflow_definition it gets start → connection_request → end; a given graph must obey ' +
      'the graph rules (errors come back as invalid_workflow with violations). Creating sends nothing and starts nothing.',
    arguments: createArgs,
    advertisedArguments: createArgs.extend({ workflow_definition: workflowDefinitionSchema.optional().describe(graphDescription) }),
    result: campaignRecord,
    readOnly: false,
    run: (args, { db, caller }) =>
      createCampaign(db, resolveWorkspace(caller, args.workspaceId), {
        name: args.name,
        senderAccountIds: args.senderAccountIds ?? [],
        workflowDefinition: args.workflow_definition,
      }),
  }),
  defineTool({
    name: 'list-campaigns',
    title: 'List campaigns',
    description:
      'List the campaigns of a workspace, most recently updated first, with their graphs. Returns {items, nextCursor}; nextCursor is null on the last page.',
    arguments: listArgs,
    result: z.looseObject({ items: z.array(campaignRecord), nextCursor: z.string().nullable() }),
    readOnly: true,
    run: (args, { db, caller }) =>
      listCampaigns(db, resolveWorkspace(caller, args.workspaceId), { status: args.status, limit: args.limit ?? 50, cursor: args.cursor }),
  }),
  defineTool({
    name: 'update-campaign-workflow',
    title: 'Replace a draft campaign’s delivery graph',
    description:
      'Replace the COMPLETE delivery graph (nodes and edges) of one draft campaign — full replacement: supply every node and edge; leave out a step to remove it. ' +
      'First read the campaign with get-campaign and pass its updated_at as expectedUpdatedAt; if someone saved in between you get stale_edit with currentUpdatedAt ' +
      '(read again, re-apply your change). Graph rules: start → optional icp_scoring → outreach; connection_request has outputs accepted/no_response, message-type nodes ' +
      'replied/no_reply (replied goes straight to end); every output has exactly one edge; cancel_invitation only after no_response; sourceHandle only on branching nodes; ' +
      'no cycles, no unreachable nodes, every branch ends at end. A graph with errors is not saved (invalid_workflow lists violations with nodeId/edgeId). ' +
      'The campaign stays a draft in advanced editing mode; the previous graph is kept as a version. Saving starts nothing and sends nothing — launching is launch-campaign.',
    arguments: updateArgs,
    advertisedArguments: updateArgs.extend({ workflow_definition: workflowDefinitionSchema.describe(graphDescription) }),
    result: campaignRecord,
    readOnly: false,
    run: (args, { db, caller }) =>
      updateCampaignWorkflow(db, resolveWorkspace(caller, args.workspaceId), {
        campaignId: args.campaignId,
        expectedUpdatedAtMs: instant(args.expectedUpdatedAt),
        workflowDefinition: args.workflow_definition,
      }),
  }),
  defineTool({
    name: 'launch-campaign',
    title: 'Launch campaign',
    description:
      'Move a draft campaign to active. Only after inspecting the saved graph: read it with get-campaign, show it to the person who decides, and pass the ' +
      'updated_at you inspected as inspectedUpdatedAt together with confirm: true (their explicit authorization). If the campaign changed since, you get stale_edit; ' +
      'a saved graph with errors gives invalid_workflow; a campaign that is not a draft gives campaign_not_draft.',
    arguments: launchArgs,
    result: campaignRecord,
    readOnly: false,
    run: (args, { db, caller }) =>
      launchCampaign(db, resolveWorkspace(caller, args.workspaceId), {
        campaignId: args.campaignId,
        inspectedUpdatedAtMs: instant(args.inspectedUpdatedAt),
      }),
  }),
  defineTool({
    name: 'list-campaign-versions',
    title: 'List saved-graph versions',
    description:
      'The earlier graphs of a campaign, newest first: every successful save keeps the graph it replaced. Returns {items: [{version, savedAt, nodeCount, edgeCount}]}.',
    arguments: versionsArgs,
    result: z.looseObject({
      items: z.array(z.looseObject({ version: z.int(), savedAt: z.string(), nodeCount: z.int(), edgeCount: z.int() })),
    }),
    readOnly: true,
    run: (args, { db, caller }) => listCampaignVersions(db, resolveWorkspace(caller, args.workspaceId), args.campaignId),
  }),
  defineTool({
    name: 'get-campaign-version',
    title: 'Get a saved-graph version',
    description:
      'One earlier graph of a campaign: {version, savedAt, workflow_definition}. To restore it, pass that workflow_definition to update-campaign-workflow (with the current updated_at).',
    arguments: versionArgs,
    result: z.looseObject({ version: z.int(), savedAt: z.string(), workflow_definition: z.looseObject({}) }),
    readOnly: true,
    run: (args, { db, caller }) => getCampaignVersion(db, resolveWorkspace(caller, args.workspaceId), args.campaignId, args.version),
  }),
];

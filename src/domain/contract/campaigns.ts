import { z } from 'zod';
import { workflowDefinitionSchema, workflowEdgeSchema, workflowNodeSchema } from '../schemas';
import { parseUtcDateTime } from '../time';
import { int32, isStorableInstant, text } from './bounds';
import { scheduleSchema } from './schedule';
import { changeViaSchema } from './change-via';
import { nodeTypeListSchema, simulationSchema, validationVerdictSchema } from './workflow-checks';

/**
 * The campaign tools' wire contract (contract 3, 4, 8.1, 8.4): arguments, results and enums of
 * every campaign tool, written once. The server validates with these schemas and publishes their
 * JSON Schemas in tools/list; the app infers its types from them and parses every tool result.
 */

// ---- enums ------------------------------------------------------------------------------------

/** Contract 4 campaign states (the SQL CHECK of 002_campaigns.sql lists exactly these; a test keeps them equal). */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const EDITING_MODES = ['easy', 'advanced'] as const;
export const editingModeSchema = z.enum(EDITING_MODES);
export type EditingMode = z.infer<typeof editingModeSchema>;

/** Contract 8.1: `full` (default) returns the graph, `summary` only its counts. */
export const CAMPAIGN_VIEWS = ['full', 'summary'] as const;

/** Contract 8.1 patch operations. */
export const PATCH_OPS = ['add_node', 'update_node', 'remove_node', 'add_edge', 'remove_edge'] as const;
export const MAX_PATCH_OPERATIONS = 100;

// ---- argument building blocks -----------------------------------------------------------------

/** Longest id, name or cursor text accepted anywhere in these arguments. */
const MAX_TEXT = 1000;

// Spec 2.1: workspace ID or slug, minimum length 1.
const workspaceId = text()
  .min(1)
  .max(MAX_TEXT)
  .optional()
  .describe('Workspace id or slug. Only needed when your API key can access several workspaces.');
const campaignId = z.guid().describe('The campaign id (UUID), e.g. from list-campaigns or create-campaign.');

/** Spec 4.1: `<date>T<time>Z`, seconds and fraction optional, real calendar dates (leap days included). */
const utcDateTime = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/, 'Must be a UTC date-time ending in Z, e.g. 2026-11-21T10:15:30.123Z.')
    .refine((value) => parseUtcDateTime(value) !== null, 'Not a real UTC date-time (check the calendar date and the time).')
    .refine((value) => isStorableInstant(parseUtcDateTime(value) ?? 0), 'Must be a date between the years 1 and 9999.')
    .describe(description);

const view = z
  .enum(CAMPAIGN_VIEWS)
  .optional()
  .describe('"full" (default) returns workflow_definition with every node and edge; "summary" returns only {nodeCount, edgeCount, types}.');

// Where the graph is checked by the shared validator, the arguments only require an object: anything
// inside it comes back as invalid_workflow violations the editor can pin on nodes (contract 3).
// Typed `object` so a WorkflowDefinition (an interface) is a valid argument on the app's side.
const graphObject = z.custom<object>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Must be an object {nodes, edges}.',
);
const GRAPH_DESCRIPTION =
  'The complete delivery graph {nodes, edges} (spec 2.2–2.5): full replacement, always send every node and edge. ' +
  'Node types, their outputs (sourceHandle names) and data fields: call list-node-types.';

/** An id of a node or edge inside a graph (spec 2.3/2.4: minimum length 1). */
const elementId = (what: string) => text().min(1).max(MAX_TEXT).describe(what);

// ---- arguments -----------------------------------------------------------------------------------

export const getCampaignArgs = z.strictObject({ workspaceId, campaignId, view });

/** The longest campaign name (the create dialog and a copy's name keep to it). */
export const CAMPAIGN_NAME_MAX = 200;
const campaignName = text()
  .trim()
  .min(1)
  .max(CAMPAIGN_NAME_MAX)
  .describe(`Campaign name shown in the studio, 1–${CAMPAIGN_NAME_MAX} characters.`);
const senderAccountIds = z.array(z.guid()).max(50).describe('Sender accounts of this workspace (their ids, at most 50).');

export const createCampaignArgs = z.strictObject({
  workspaceId,
  name: campaignName,
  senderAccountIds: senderAccountIds.optional(),
  workflow_definition: graphObject.optional().describe(`${GRAPH_DESCRIPTION} Omit it to start from start → connection_request → end.`),
});

export const listCampaignsArgs = z.strictObject({
  workspaceId,
  status: campaignStatusSchema.optional().describe('Only campaigns in this status.'),
  archived: z.boolean().optional().describe('true: only archived campaigns; false (default): only campaigns not archived.'),
  limit: int32().min(1).max(100).optional().describe('Page size, 1..100, default 50.'),
  cursor: text().min(1).max(MAX_TEXT).optional().describe('nextCursor of the previous page (same filters).'),
  view,
});

export const updateWorkflowArgs = z.strictObject({
  workspaceId,
  campaignId,
  expectedUpdatedAt: utcDateTime('The updated_at you read with get-campaign (or got from your last save).'),
  workflow_definition: graphObject.describe(GRAPH_DESCRIPTION),
});

export const launchCampaignArgs = z.strictObject({
  workspaceId,
  campaignId,
  inspectedUpdatedAt: utcDateTime('The updated_at of the saved graph you inspected with get-campaign.'),
  confirm: z.literal(true).describe('Must be true: explicit authorization to launch.'),
});

/** Contract 10.2: how a campaign gives each new enrollment its sender (sticky for the enrollment). */
export const SENDER_ASSIGNMENTS = ['least_loaded', 'round_robin', 'by_field'] as const;
export type SenderAssignment = (typeof SENDER_ASSIGNMENTS)[number];
/** The longest field name `senderField` takes (a prospect field or a custom field's name). */
export const MAX_SENDER_FIELD = 100;

/** A campaign's settings (name, senders, archived, sender assignment): what a REST PATCH body and the update-campaign tool may change. */
const settingsShape = {
  name: campaignName.optional(),
  senderAccountIds: senderAccountIds
    .optional()
    .describe('The complete new list of sender accounts (replaces the old one; [] removes them all). At most 50.'),
  archived: z
    .boolean()
    .optional()
    .describe('true archives the campaign (out of the everyday list; a running one must be paused or stopped first), false restores it.'),
  senderAssignment: z
    .enum(SENDER_ASSIGNMENTS)
    .optional()
    .describe(
      'How each new prospect gets its sender: "least_loaded" (default: the sender with the fewest unfinished prospects), "round_robin" (each sender in turn) ' +
        'or "by_field" (the sender whose account id or name is the value of senderField, case-insensitive; no match: least_loaded). Draft or paused campaigns only.',
    ),
  senderField: text()
    .trim()
    .min(1)
    .max(MAX_SENDER_FIELD)
    .nullable()
    .optional()
    .describe('For by_field: a prospect field (name, headline, company, email) or the name of one of its customFields, e.g. "owner".'),
};
const SETTINGS = Object.keys(settingsShape);
const someSetting = (value: object) => SETTINGS.some((key) => (value as Record<string, unknown>)[key] !== undefined);
const SOME_SETTING = { message: 'Give name, senderAccountIds, archived, senderAssignment, senderField or several of them.' };

/** PATCH /api/v1/campaigns/{campaignId}: the settings to change (the graph has its own tools). */
export const updateCampaignBody = z.strictObject({ workspaceId, ...settingsShape }).refine(someSetting, SOME_SETTING);
export const updateCampaignArgs = z.strictObject({ workspaceId, campaignId, ...settingsShape }).refine(someSetting, SOME_SETTING);

export const deleteCampaignArgs = z.strictObject({ workspaceId, campaignId });
export const deletedCampaignSchema = z.object({ campaignId: z.string(), deleted: z.literal(true) });

export const listVersionsArgs = z.strictObject({ workspaceId, campaignId });

export const getVersionArgs = z.strictObject({
  workspaceId,
  campaignId,
  version: int32().min(1).describe('A version number from list-campaign-versions.'),
});

export const listNodeTypesArgs = z.strictObject({});

export const validateWorkflowArgs = z.strictObject({
  workspaceId,
  campaignId: campaignId
    .optional()
    .describe('Optional: check against this campaign’s sender accounts (InMail premium seats), exactly as a save of it would.'),
  workflow_definition: graphObject.describe('The graph {nodes, edges} to check, exactly as you would send it to update-campaign-workflow.'),
});

const nodeData = z
  .record(z.string(), z.unknown())
  .describe('Data fields to change; they are merged into the node’s data, and a field set to null is removed.');
const position = z.strictObject({ x: z.number(), y: z.number() }).describe('New canvas position {x, y}.');

/** The node of an add_node operation: its id is checked against the graph, the rest by the graph rules. */
const addedNode = z.looseObject({ id: elementId('Id of the new node; must not exist in the graph yet.') });
const addedEdge = z.looseObject({
  id: elementId('Id of the new edge; omit it and the server makes one.').optional(),
  source: elementId('Id of the node the edge leaves (it must exist by then).'),
  target: elementId('Id of the node the edge enters (it must exist by then).'),
});

const operation = <Op extends (typeof PATCH_OPS)[number], Shape extends z.ZodRawShape>(op: Op, shape: Shape, description: string) =>
  z.strictObject({ op: z.literal(op), ...shape }).describe(description);

/** The five operations of contract 8.1; `advertised` shows the full node/edge schemas in tools/list. */
const operations = <N extends z.ZodType, E extends z.ZodType>(node: N, edge: E) =>
  z
    .array(
      z.discriminatedUnion('op', [
        operation('add_node', { node }, 'Adds a node {id, type, position: {x, y}, data}.'),
        operation(
          'update_node',
          { id: elementId('Id of an existing node.'), data: nodeData.optional(), position: position.optional() },
          'Changes a node’s data (merged) and/or position.',
        ),
        operation('remove_node', { id: elementId('Id of an existing node.') }, 'Removes a node and every edge entering or leaving it.'),
        operation('add_edge', { edge }, 'Adds an edge {id?, source, target, sourceHandle?}.'),
        operation('remove_edge', { id: elementId('Id of an existing edge.') }, 'Removes an edge.'),
      ]),
    )
    .min(1)
    .max(MAX_PATCH_OPERATIONS)
    .describe('1–100 operations applied in order to the saved graph; all or nothing.');

export const patchOperationsSchema = operations(addedNode, addedEdge);
export type PatchOperation = z.infer<typeof patchOperationsSchema>[number];

const patchArgsShape = {
  workspaceId,
  campaignId,
  expectedUpdatedAt: utcDateTime('The updated_at of the campaign you read (get-campaign) or of your last save.'),
};
export const patchWorkflowArgs = z.strictObject({ ...patchArgsShape, operations: patchOperationsSchema });

export const simulateCampaignArgs = z.strictObject({
  workspaceId,
  campaignId,
  prospect: z
    .strictObject({
      customFields: z
        .record(text().max(MAX_TEXT), text().max(10_000))
        .describe('Values for the {{fieldName}} placeholders, e.g. {"firstName": "Ada", "company": "Acme"}.'),
    })
    .optional()
    .describe(
      "A sample prospect; without it, the campaign's first enrolled prospect, or (none enrolled) every placeholder is reported as unfilled.",
    ),
});

// ---- results ---------------------------------------------------------------------------------------

/** A saved graph as the server returns it (already validated when saved, so only its shape is checked here). */
const savedNode = z.looseObject({
  id: z.string(),
  type: z.string(),
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.record(z.string(), z.unknown()),
});
const savedEdge = z.looseObject({ id: z.string(), source: z.string(), target: z.string(), sourceHandle: z.string().optional() });
export const savedWorkflowSchema = z.object({ nodes: z.array(savedNode), edges: z.array(savedEdge) });

/** Contract 8.1 `view: "summary"`: the graph's counts instead of the graph. */
export const workflowSummarySchema = z.object({
  nodeCount: z.int(),
  edgeCount: z.int(),
  types: z.record(z.string(), z.int()).describe('How many nodes of each type.'),
});
/** @public A type of the published contract, for clients of the API. */
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

const campaignFields = {
  campaignId: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  status: campaignStatusSchema,
  editingMode: editingModeSchema,
  senderAccountIds: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  schedule: scheduleSchema.describe('Contract 9.3 sending window.'),
  archivedAt: z.string().nullable().describe('When the campaign was archived; null while it is not.'),
  revisionOf: z.string().nullable().describe('Contract 10.4: on a revision, the running campaign it changes; null otherwise.'),
  openRevisionId: z.string().nullable().describe('Contract 10.4: the open revision of this campaign; null when none.'),
  senderAssignment: z.enum(SENDER_ASSIGNMENTS).describe('Contract 10.2: how each new prospect gets its sender.'),
  senderField: z.string().nullable().describe('The prospect field by_field reads; null when none.'),
};
/** Contract 4 campaign record. */
export const campaignRecordSchema = z.object({ ...campaignFields, workflow_definition: savedWorkflowSchema });
export type CampaignRecord = z.infer<typeof campaignRecordSchema>;
/** The record under `view: "summary"`: `workflow_definition` holds the counts only. */
export const campaignSummarySchema = z.object({ ...campaignFields, workflow_definition: workflowSummarySchema });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
const campaignViewSchema = z.union([campaignRecordSchema, campaignSummarySchema]);

/** True for a record read with `view: "summary"` (its workflow_definition holds counts, not nodes). */
export const isCampaignSummary = (campaign: CampaignRecord | CampaignSummary): campaign is CampaignSummary =>
  !('nodes' in campaign.workflow_definition);

/** Contract 10.1: the campaign's numbers on the list, from counters; zeros for a draft. */
export const campaignStatsSchema = z.object({
  prospects: int32().min(0).describe('Prospects enrolled.'),
  contacted: int32().min(0).describe('Prospects with at least one message or invitation sent.'),
  accepted: int32().min(0).describe('Invitations accepted.'),
  replied: int32().min(0).describe('Prospects who wrote back.'),
  replyRate: z.number().min(0).max(1).describe('replied ÷ contacted; 0 when nobody was contacted.'),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
const withStats = { stats: campaignStatsSchema };
/** A list-campaigns item read with `view: "summary"`. */
export type ListedCampaignSummary = CampaignSummary & { stats: CampaignStats };

export const campaignPageSchema = z.object({
  items: z.array(z.union([campaignRecordSchema.extend(withStats), campaignSummarySchema.extend(withStats)])),
  nextCursor: z.string().nullable(),
});

const versionInfoSchema = z.object({
  version: z.int(),
  savedAt: z.string(),
  nodeCount: z.int(),
  edgeCount: z.int(),
  savedVia: changeViaSchema
    .nullable()
    .describe('Who saved this version (as in contract 8.5); null for versions saved before this was recorded.'),
  summary: z
    .string()
    .nullable()
    .describe(
      'What this save changed, in one line of users’ words; null for the first version and for versions saved before this was recorded.',
    ),
});
export const versionListSchema = z.object({
  items: z.array(versionInfoSchema).describe('The earlier graphs, newest first (each save keeps the graph it replaced).'),
  current: versionInfoSchema.describe('The graph the campaign has now.'),
});
export type CampaignVersionInfo = z.infer<typeof versionListSchema>['items'][number];
export const versionSchema = z.object({ version: z.int(), savedAt: z.string(), workflow_definition: savedWorkflowSchema });
export type CampaignVersion = z.infer<typeof versionSchema>;

// ---- the tools --------------------------------------------------------------------------------------

/**
 * Every campaign tool's arguments and result. `advertised` is the argument schema shown in tools/list
 * when it says more than the validation does (the full graph schema, whose inner rules come back as
 * invalid_workflow violations rather than invalid_arguments).
 */
export const CAMPAIGN_TOOLS = {
  'get-campaign': { arguments: getCampaignArgs, result: campaignViewSchema },
  'create-campaign': {
    arguments: createCampaignArgs,
    advertised: createCampaignArgs.extend({ workflow_definition: workflowDefinitionSchema.optional().describe(GRAPH_DESCRIPTION) }),
    result: campaignRecordSchema,
  },
  'list-campaigns': { arguments: listCampaignsArgs, result: campaignPageSchema },
  'update-campaign-workflow': {
    arguments: updateWorkflowArgs,
    advertised: updateWorkflowArgs.extend({ workflow_definition: workflowDefinitionSchema.describe(GRAPH_DESCRIPTION) }),
    result: campaignRecordSchema,
  },
  'launch-campaign': { arguments: launchCampaignArgs, result: campaignRecordSchema },
  'update-campaign': { arguments: updateCampaignArgs, result: campaignRecordSchema },
  'delete-campaign': { arguments: deleteCampaignArgs, result: deletedCampaignSchema },
  'list-campaign-versions': { arguments: listVersionsArgs, result: versionListSchema },
  'get-campaign-version': { arguments: getVersionArgs, result: versionSchema },
  'list-node-types': { arguments: listNodeTypesArgs, result: nodeTypeListSchema },
  'validate-campaign-workflow': {
    arguments: validateWorkflowArgs,
    advertised: validateWorkflowArgs.extend({ workflow_definition: workflowDefinitionSchema.describe(GRAPH_DESCRIPTION) }),
    result: validationVerdictSchema,
  },
  'patch-campaign-workflow': {
    arguments: patchWorkflowArgs,
    advertised: z.strictObject({
      ...patchArgsShape,
      operations: operations(workflowNodeSchema, workflowEdgeSchema.extend({ id: workflowEdgeSchema.shape.id.optional() })),
    }),
    result: campaignRecordSchema,
  },
  'simulate-campaign': { arguments: simulateCampaignArgs, result: simulationSchema },
} as const satisfies Record<string, { arguments: z.ZodType; advertised?: z.ZodType; result: z.ZodType }>;

export type CampaignToolName = keyof typeof CAMPAIGN_TOOLS;
/** What a caller sends (before defaults and transforms). */
export type CampaignToolArguments<N extends CampaignToolName> = z.input<(typeof CAMPAIGN_TOOLS)[N]['arguments']>;
/** What the tool answers on success. */
export type CampaignToolResult<N extends CampaignToolName> = z.output<(typeof CAMPAIGN_TOOLS)[N]['result']>;

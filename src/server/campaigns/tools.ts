import { listNodeTypes } from '../../domain/contract/node-types';
import { CAMPAIGN_TOOLS, type CampaignToolName } from '../../domain/contract/campaigns';
import { parseUtcDateTime } from '../../domain';
import { SIMULATION_BUDGET } from '../../domain/paths';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../tool';
import { patchCampaignWorkflow, simulateCampaign, validateCampaignWorkflow } from './agent-ops';
import { deleteCampaign, updateCampaign } from './settings';
import { createCampaign, getCampaign, inView, launchCampaign, updateCampaignWorkflow } from './service';
import { getCampaignVersion, DEFAULT_CAMPAIGN_PAGE, listCampaigns, listCampaignVersions } from './listing';

/**
 * The campaign tools of contract 3, 4 and 8.1 (and the saved-graph history), served at POST /mcp.
 * Arguments and results are the wire contract's (domain/contract/campaigns.ts); here: what each
 * tool does, in words a model can choose by, and which service operation runs it.
 */

const instant = (text: string): number => parseUtcDateTime(text)!;

/** The contract's schemas of one tool, as defineTool takes them. */
function wire<N extends CampaignToolName>(name: N) {
  const tool = CAMPAIGN_TOOLS[name];
  return {
    name,
    arguments: tool.arguments as (typeof CAMPAIGN_TOOLS)[N]['arguments'],
    result: tool.result,
    ...('advertised' in tool ? { advertisedArguments: tool.advertised } : {}),
  };
}

const GRAPH_RULES =
  'Graph rules: exactly one start, whose one edge goes to icp_scoring (optional) or the first outreach step; icp_scoring\'s "not_qualified" goes straight to an end; ' +
  'every output has exactly one edge (branching types name it in sourceHandle, single-output types have no sourceHandle); "replied" goes straight to an end; ' +
  'no delay after "no_reply" (it already waits reply_wait_days); cancel_invitation only after connection_request\'s "no_response"; ' +
  'no cycles, no unreachable nodes, every branch ends at an end node (several end nodes are fine). ' +
  'A/B tests: a sending step may hold data.variants, 2–5 versions of its text [{variantId: "a".."e", label, text, subject? (InMail)}] that replace its note, message ' +
  'or AI instructions and are checked like it; steps sharing data.variantGroup need as many variants and give a prospect the same one.';

export const campaignTools: ToolDefinition[] = [
  defineTool({
    ...wire('list-node-types'),
    title: 'List node types',
    description:
      "The 40 step types a delivery graph may use, with each type's outputs (the sourceHandle names its edges must carry; empty = one unnamed output, or none for end), " +
      'whether it sends something, and the JSON Schema of its data (fields, bounds, defaults, required fields). Outputs are listed happy outcome first ' +
      '(qualified, accepted, replied before not_qualified, no_response, no_reply). Message texts go in message_template and may use {{fieldName}} placeholders ' +
      "filled from the prospect's custom fields. Call it once before building or changing a graph. " +
      `${GRAPH_RULES} Example: a connection_request has outputs ["accepted", "no_response"], so it needs two edges, {sourceHandle: "accepted"} and {sourceHandle: "no_response"}.`,
    readOnly: true,
    run: async () => listNodeTypes(),
  }),
  defineTool({
    ...wire('get-campaign'),
    title: 'Get campaign',
    description:
      'Read one campaign: status, editing mode, senders, its saved delivery graph (workflow_definition) and updated_at. Read a campaign before changing or launching it, ' +
      'and pass its updated_at as expectedUpdatedAt / inspectedUpdatedAt. view: "summary" returns only node and edge counts per type (small). ' +
      'Example: {"campaignId": "3f0c…", "view": "summary"}.',
    readOnly: true,
    run: async (args, { db, caller }) =>
      inView(await getCampaign(db, resolveWorkspace(caller, args.workspaceId), args.campaignId), args.view),
  }),
  defineTool({
    ...wire('create-campaign'),
    title: 'Create campaign',
    description:
      'Create a draft campaign in easy editing mode. Without workflow_definition it gets start → connection_request → end; a given graph must obey the graph rules ' +
      '(check it first with validate-campaign-workflow; errors come back as invalid_workflow with violations and a hint). Creating sends nothing and starts nothing. ' +
      'Also the way to copy a live campaign: pass its workflow_definition to a new draft. Example: {"name": "Q3 founders", "senderAccountIds": ["…"], "workflow_definition": {"nodes": […], "edges": […]}}.',
    readOnly: false,
    run: (args, { db, caller, origin }) =>
      createCampaign(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { name: args.name, senderAccountIds: args.senderAccountIds ?? [], workflowDefinition: args.workflow_definition },
        origin,
      ),
  }),
  defineTool({
    ...wire('list-campaigns'),
    title: 'List campaigns',
    description:
      'List the campaigns of a workspace, most recently updated first; archived campaigns only with archived: true. Returns {items, nextCursor}; nextCursor is null on the last page. ' +
      'Each item has stats {prospects, contacted, accepted, replied, replyRate} (zeros for a draft). Use view: "summary" to get counts instead of whole graphs. Example: {"status": "draft", "view": "summary", "limit": 20}.',
    readOnly: true,
    run: (args, { db, caller }) =>
      listCampaigns(db, resolveWorkspace(caller, args.workspaceId), {
        status: args.status,
        archived: args.archived,
        limit: args.limit ?? DEFAULT_CAMPAIGN_PAGE,
        cursor: args.cursor,
        view: args.view,
      }),
  }),
  defineTool({
    ...wire('validate-campaign-workflow'),
    title: 'Check a delivery graph without saving',
    description:
      'Check a graph exactly as update-campaign-workflow would (same rules, same violations) and save nothing. Returns {valid, violations, errors, warnings, hint}: ' +
      'an invalid graph is a normal answer (valid: false), and hint says which violation to fix first and how. Only errors block a save; warnings are advice. ' +
      "Give campaignId to check against that campaign's senders (InMail needs a premium seat). Use it before create-campaign or update-campaign-workflow. " +
      'Example: {"workflow_definition": {"nodes": [{"id": "start", "type": "start", "position": {"x": 0, "y": 0}, "data": {}}, …], "edges": [{"id": "e1", "source": "start", "target": "invite"}, …]}}.',
    readOnly: true,
    run: (args, { db, caller }) =>
      validateCampaignWorkflow(db, resolveWorkspace(caller, args.workspaceId), {
        campaignId: args.campaignId,
        workflowDefinition: args.workflow_definition,
      }),
  }),
  defineTool({
    ...wire('update-campaign-workflow'),
    title: 'Replace a draft campaign’s delivery graph',
    description:
      'Replace the COMPLETE delivery graph (nodes and edges) of one draft campaign — full replacement: supply every node and edge; leave out a step to remove it. ' +
      'For small changes prefer patch-campaign-workflow. First read the campaign with get-campaign and pass its updated_at as expectedUpdatedAt; if someone saved in between you get stale_edit with currentUpdatedAt ' +
      `(read again, re-apply your change). ${GRAPH_RULES} A graph with errors is not saved (invalid_workflow lists violations with nodeId/edgeId, and a hint). ` +
      'The campaign stays a draft in advanced editing mode; the previous graph is kept as a version. Saving starts nothing and sends nothing — launching is launch-campaign. ' +
      'Example: {"campaignId": "3f0c…", "expectedUpdatedAt": "2026-11-21T10:15:30.123Z", "workflow_definition": {"nodes": […], "edges": […]}}.',
    readOnly: false,
    run: (args, { db, caller, origin }) =>
      updateCampaignWorkflow(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { campaignId: args.campaignId, expectedUpdatedAtMs: instant(args.expectedUpdatedAt), workflowDefinition: args.workflow_definition },
        origin,
      ),
  }),
  defineTool({
    ...wire('patch-campaign-workflow'),
    title: 'Change part of a draft campaign’s delivery graph',
    description:
      'Apply 1–100 operations, in order, to the saved graph of a draft campaign, all or nothing: add_node {node}, update_node {id, data?, position?} (data is merged; ' +
      'a field set to null is removed), remove_node {id} (its edges go too), add_edge {edge} (edge.id may be omitted), remove_edge {id}. The result is saved exactly like ' +
      'update-campaign-workflow (stale_edit, campaign_not_draft, invalid_workflow with a hint; a new updated_at; the previous graph kept as a version) and the saved campaign is returned. ' +
      'An operation naming a missing id is invalid_arguments at operations.<i>. Pass the updated_at you read as expectedUpdatedAt. ' +
      'Example, a follow-up after no reply: {"campaignId": "3f0c…", "expectedUpdatedAt": "…", "operations": [{"op": "remove_edge", "id": "e_thanks_no_reply"}, ' +
      '{"op": "add_node", "node": {"id": "follow_up", "type": "message", "position": {"x": 600, "y": 300}, "data": {"message_template": "Any thoughts, {{firstName}}?", "reply_wait_days": 4}}}, ' +
      '{"op": "add_edge", "edge": {"source": "thanks", "sourceHandle": "no_reply", "target": "follow_up"}}, {"op": "add_edge", "edge": {"source": "follow_up", "sourceHandle": "replied", "target": "end"}}, ' +
      '{"op": "add_edge", "edge": {"source": "follow_up", "sourceHandle": "no_reply", "target": "end"}}]}.',
    readOnly: false,
    run: (args, { db, caller, origin }) =>
      patchCampaignWorkflow(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { campaignId: args.campaignId, expectedUpdatedAtMs: instant(args.expectedUpdatedAt), operations: args.operations },
        origin,
      ),
  }),
  defineTool({
    ...wire('simulate-campaign'),
    title: 'Simulate what prospects receive',
    description:
      "Walk the saved graph of a campaign the way the studio's path simulator does: one path per combination of branch outcomes (accepted or not, replied or not, …), " +
      'each step with its day (from entering the campaign), whether it sends, the rendered message and the placeholders it leaves unfilled — a step with variants ' +
      'also lists each one, rendered, in `variants` (one row per variant: paths do not multiply) — for the sample prospect given, ' +
      'else for the campaign’s first enrolled prospect (custom fields, then fields such as name or company), else with every placeholder unfilled. ' +
      `Use it to review a campaign before launch-campaign. Sends nothing. Within a budget of ${SIMULATION_BUDGET.maxPaths} paths, ${SIMULATION_BUDGET.maxSteps} steps over all paths, ` +
      `${SIMULATION_BUDGET.maxRenderedChars} rendered characters and ${SIMULATION_BUDGET.maxMs / 1000} s of walking: past any of them the paths so far come back with truncated: true. ` +
      'One simulation runs at a time per API key and a few more wait; beyond that the call answers rate_limited. ' +
      'Example: {"campaignId": "3f0c…", "prospect": {"customFields": {"firstName": "Ada", "company": "Acme"}}}.',
    readOnly: true,
    run: (args, { db, caller, compute }) =>
      simulateCampaign(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { campaignId: args.campaignId, prospect: args.prospect },
        { pool: compute, key: caller.keyId },
      ),
  }),
  defineTool({
    ...wire('launch-campaign'),
    title: 'Launch campaign',
    description:
      'Move a draft campaign to active. Only after inspecting the saved graph: read it with get-campaign (and simulate-campaign), show it to the person who decides, and pass the ' +
      'updated_at you inspected as inspectedUpdatedAt together with confirm: true (their explicit authorization). If the campaign changed since, you get stale_edit; ' +
      "a saved graph with errors, a text over the network's limit, a bad web address or no sender account for its sending steps gives invalid_workflow; " +
      'a campaign that is not a draft gives campaign_not_draft. ' +
      'Example: {"campaignId": "3f0c…", "inspectedUpdatedAt": "2026-11-21T10:15:30.123Z", "confirm": true}.',
    readOnly: false,
    run: (args, { db, caller, origin }) =>
      launchCampaign(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { campaignId: args.campaignId, inspectedUpdatedAtMs: instant(args.inspectedUpdatedAt) },
        origin,
      ),
  }),
  defineTool({
    ...wire('update-campaign'),
    title: 'Rename, archive or restore a campaign, or change its senders',
    description:
      'Change the name and/or the sender accounts of a campaign, in any status (the graph has its own tools). archived: true archives it (list-campaigns then shows it ' +
      'only with archived: true; a running campaign must be paused or stopped first: campaign_running), false restores it. senderAccountIds is the complete new list: ' +
      'it replaces the old one, [] removes them all. A campaign with sending steps and no sender of their channel cannot be launched (no_sender). ' +
      'senderAssignment (draft or paused campaigns only) says how each new prospect gets its sender: least_loaded (default), round_robin, or by_field with ' +
      'senderField naming a prospect field or custom field whose value is a sender’s account id or name (no match: least_loaded); a prospect keeps its sender. ' +
      'updated_at does not change (it stamps the graph). Returns the campaign. Example: {"campaignId": "3f0c…", "senderAccountIds": ["9a1e…"]}.',
    readOnly: false,
    run: (args, { db, caller }) =>
      updateCampaign(db, resolveWorkspace(caller, args.workspaceId), {
        campaignId: args.campaignId,
        name: args.name,
        senderAccountIds: args.senderAccountIds,
        archived: args.archived,
        senderAssignment: args.senderAssignment,
        senderField: args.senderField,
      }),
  }),
  defineTool({
    ...wire('delete-campaign'),
    title: 'Delete a draft campaign',
    description:
      'Delete a draft campaign and its saved versions, for good. A launched campaign cannot be deleted (campaign_not_draft): to change one, copy it to a new draft ' +
      'with create-campaign. Returns {campaignId, deleted: true}. Example: {"campaignId": "3f0c…"}.',
    readOnly: false,
    run: (args, { db, caller }) => deleteCampaign(db, resolveWorkspace(caller, args.workspaceId), args.campaignId),
  }),
  defineTool({
    ...wire('list-campaign-versions'),
    title: 'List saved-graph versions',
    description:
      'The earlier graphs of a campaign, newest first: every successful save keeps the graph it replaced. Returns {items: [{version, savedAt, nodeCount, edgeCount}]}. ' +
      'Example: {"campaignId": "3f0c…"}.',
    readOnly: true,
    run: (args, { db, caller }) => listCampaignVersions(db, resolveWorkspace(caller, args.workspaceId), args.campaignId),
  }),
  defineTool({
    ...wire('get-campaign-version'),
    title: 'Get a saved-graph version',
    description:
      'One earlier graph of a campaign: {version, savedAt, workflow_definition}. To restore it, pass that workflow_definition to update-campaign-workflow (with the current updated_at). ' +
      'Example: {"campaignId": "3f0c…", "version": 2}.',
    readOnly: true,
    run: (args, { db, caller }) => getCampaignVersion(db, resolveWorkspace(caller, args.workspaceId), args.campaignId, args.version),
  }),
];

import { campaignRunSchema, getCampaignRunArgs } from '../../domain/contract/runs';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../mcp/tool';
import { campaignRun } from './progress';

/** Contract 9.5 `get-campaign-run`: the REST body of GET /api/v1/campaigns/{id}/run as structuredContent. */
export const runViewTools: ToolDefinition[] = [
  defineTool({
    name: 'get-campaign-run',
    title: 'See a campaign’s run',
    description:
      'How a launched campaign is doing: its status; its enrollments by status (waiting to start, active, finished, replied, stopped, failed); per step ' +
      '(nodeId) how many prospects entered it, are at it now (waiting), are done or failed, and how many left through each output (handles, e.g. accepted / ' +
      'no_response); each sender’s actions used today against its daily limits per kind; and the forecast finish (finishBy, null when it cannot finish, and ' +
      'the sending days left). Reads only. Example: {"campaignId": "3f0c…"}.',
    arguments: getCampaignRunArgs,
    result: campaignRunSchema,
    readOnly: true,
    run: (args, { db, caller }) => campaignRun(db, resolveWorkspace(caller, args.workspaceId).id, args.campaignId.toLowerCase()),
  }),
];

import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { campaignRunSchema, getCampaignRunArgs, RUN_COMMANDS, type RunCommand } from '../../domain/contract/runs';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../tool';
import { engineSettings } from '../runs/engine-deps';
import { steerCampaign } from '../runs/steer';
import { campaignRun } from './progress';

const STEER_TOOLS: Record<RunCommand, { title: string; does: string }> = {
  pause: {
    title: 'Pause a campaign',
    does: 'Pauses a running campaign: no action starts while it is paused; waits keep counting and fire on resume.',
  },
  resume: {
    title: 'Resume a campaign',
    does: 'Resumes a paused campaign: its waiting sends start again spaced out from now (never in a burst), inside the sending window.',
  },
  stop: {
    title: 'Stop a campaign',
    does: 'Stops a running or paused campaign for good: every unfinished enrollment ends as stopped and nothing more is sent.',
  },
};

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
    run: (args, { db, caller, config }) =>
      campaignRun(db, resolveWorkspace(caller, args.workspaceId).id, args.campaignId.toLowerCase(), config),
  }),
  // Contract 9.3: pause-campaign / resume-campaign / stop-campaign, the twins of POST /api/v1/campaigns/{id}/pause|resume|stop.
  ...RUN_COMMANDS.map((command) =>
    defineTool({
      name: `${command}-campaign`,
      title: STEER_TOOLS[command].title,
      description:
        `${STEER_TOOLS[command].does} Answers the campaign record. Asking for the status it already has changes nothing; a draft ` +
        'or a completed campaign is refused (campaign_not_active). Example: {"campaignId": "3f0c…"}.',
      arguments: getCampaignRunArgs,
      result: campaignRecordSchema,
      readOnly: false,
      run: (args, { db, caller, origin, config }) =>
        steerCampaign(
          db,
          resolveWorkspace(caller, args.workspaceId),
          args.campaignId.toLowerCase(),
          command,
          origin,
          engineSettings(config),
        ),
    }),
  ),
];

import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { campaignRunSchema, RUN_COMMANDS } from '../../domain/contract/runs';
import type { RouteDoc } from '../openapi/route-doc';

/** The run view's REST route (contract 9.5) for /api/openapi.json. */
export const runViewDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/run',
    tag: 'Runs',
    summary: "A campaign's run (contract 9.5)",
    description:
      'Enrollments by status; per step the prospects that entered it, stand at it now, are done or failed, and left through each output; each sender’s ' +
      'actions used today (the schedule’s time zone) against its daily limits; the forecast finish of the prospects not finished. The changes stream sends ' +
      'the same body as `run.progress` at most once a second while the run moves.',
    params: campaignIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The run', schema: campaignRunSchema } },
    errors: [400, 404],
  },
  ...RUN_COMMANDS.map((command): RouteDoc => ({
    method: 'post',
    path: `/api/v1/campaigns/{campaignId}/${command}`,
    tag: 'Runs',
    summary: `${command[0]!.toUpperCase()}${command.slice(1)} a launched campaign (contract 9.3)`,
    description:
      'Moves active ⇄ paused, or active|paused → completed (stop: every unfinished enrollment becomes stopped and nothing more is sent). ' +
      'Asking for the status the campaign already has answers it unchanged; from a draft, or out of completed, is 409 campaign_not_active.',
    params: campaignIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The campaign record', schema: campaignRecordSchema } },
    errors: [400, 404, 409],
  })),
];

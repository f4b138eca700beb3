import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { campaignRunSchema, RUN_COMMANDS } from '../../domain/contract/runs';
import type { RouteDoc } from '../http/route-doc';
import {
  CAMPAIGN_CHANGED_EVENT,
  CHANGES_KEEPALIVE_SECONDS,
  CLIENT_ID_HEADER,
  CLIENT_KIND_HEADER,
  campaignChangedSchema,
} from '../../domain/contract/changes';

/** The run view's REST routes (contract 9.5, and 8.5's live changes stream) for /api/openapi.json. */
export const runViewDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/changes',
    tag: 'Campaigns',
    summary: 'Live changes of one campaign, as Server-Sent Events (contract 8.5)',
    description:
      `A text/event-stream that stays open (read it with fetch: EventSource cannot send the key). After each save or launch of the campaign, ` +
      `by any client or server process, it sends \`event: ${CAMPAIGN_CHANGED_EVENT}\` whose \`data\` is the JSON below; a comment line opens the stream ` +
      `and another comes every ${CHANGES_KEEPALIVE_SECONDS} s. \`via\`: "app" when the saving request said \`${CLIENT_KIND_HEADER}: app\` (the web app), ` +
      `"mcp" for other POST /mcp callers, "other" without a request. Send \`${CLIENT_ID_HEADER}: <id>\` (1–64 printable ASCII characters; ` +
      `anything else is 400) on your saves to get it back as \`clientId\` and tell your own saves from others'. Nothing is replayed: after a reconnect, read the campaign again.`,
    params: campaignIdParams,
    query: workspaceQuery,
    responses: {
      200: {
        description: `An event stream of \`${CAMPAIGN_CHANGED_EVENT}\` events`,
        schema: campaignChangedSchema,
        mediaType: 'text/event-stream',
      },
    },
    errors: [400, 404],
  },
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

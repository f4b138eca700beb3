import {
  CAMPAIGN_CHANGED_EVENT,
  CHANGES_KEEPALIVE_SECONDS,
  CLIENT_ID_HEADER,
  CLIENT_KIND_HEADER,
  campaignChangedSchema,
} from '../../domain/contract/changes';
import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import type { RouteDoc } from '../openapi/route-doc';

/** The campaigns' REST routes for /api/openapi.json. */
export const campaignDocs: RouteDoc[] = [
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
];

import {
  CAMPAIGN_CHANGED_EVENT,
  CHANGES_KEEPALIVE_SECONDS,
  CLIENT_ID_HEADER,
  CLIENT_KIND_HEADER,
  campaignChangedSchema,
} from '../../domain/contract/changes';
import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRecordSchema, updateCampaignBody } from '../../domain/contract/campaigns';
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
  {
    method: 'patch',
    path: '/api/v1/campaigns/{campaignId}',
    tag: 'Campaigns',
    summary: 'Rename, archive or restore a campaign, or change its sender accounts',
    description:
      'Any status. `archived: true` archives the campaign (a running one must be paused or stopped first: 409 campaign_running), `false` restores it.  `senderAccountIds` is the complete new list (it replaces the old one; [] removes them all); each must be an account of the workspace. ' +
      'A campaign whose sending steps have no sender of their channel cannot be launched (violation no_sender, contract 9.4). ' +
      '`updated_at` does not change: it stamps the graph. The same operation as the MCP tool update-campaign.',
    params: campaignIdParams,
    body: updateCampaignBody,
    responses: { 200: { description: 'The campaign record', schema: campaignRecordSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/v1/campaigns/{campaignId}',
    tag: 'Campaigns',
    summary: 'Delete a draft campaign',
    description:
      'Deletes a draft and its saved versions. A launched campaign cannot be deleted (409 campaign_not_draft): copy it to a new draft instead. ' +
      'The same operation as the MCP tool delete-campaign.',
    params: campaignIdParams,
    query: workspaceQuery,
    responses: { 204: { description: 'Deleted', schema: null } },
    errors: [400, 404, 409],
  },
];

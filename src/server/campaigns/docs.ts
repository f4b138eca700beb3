import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignPageSchema, campaignRecordSchema, updateCampaignBody } from '../../domain/contract/campaigns';
import { listCampaignsQuery } from '../../domain/contract/results';
import type { RouteDoc } from '../http/route-doc';

/** The campaigns' REST routes for /api/openapi.json. */
export const campaignDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/campaigns',
    tag: 'Campaigns',
    summary: 'List campaigns, with their numbers (contract 10.1)',
    description:
      'Most recently updated first; archived campaigns only with `archived=true`. Each item carries `stats`: prospects enrolled, contacted (at least one ' +
      'message or invitation sent), accepted, replied and replyRate (replied ÷ contacted), read from counters — zeros for a draft. ' +
      '`view=summary` returns counts instead of whole graphs. The same query and answer as the MCP tool list-campaigns.',
    query: listCampaignsQuery,
    responses: { 200: { description: 'A page of campaigns', schema: campaignPageSchema } },
    errors: [400],
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

import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { MOVE_TO_END, publishRevisionBody, revisionImpactSchema, revisionParams } from '../../domain/contract/revisions';
import type { RouteDoc } from '../http/route-doc';

/** Contract 10.4's REST routes for /api/openapi.json. */
export const revisionDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/campaigns/{campaignId}/revisions',
    tag: 'Campaigns',
    summary: 'Open a revision of a running campaign',
    description:
      'Active or paused campaigns only (else 409 campaign_not_active). Answers 201 with the revision: a draft campaign record (`revisionOf` = the campaign) ' +
      'holding the graph the campaign runs. Edit it with update-campaign-workflow / patch-campaign-workflow (and validate); launch, enrollments, schedule, ' +
      'senders and rename are refused on it (409 campaign_is_revision). One open revision per campaign: a second is 409 revision_open with `revisionId`. ' +
      'Nothing changes for prospects until it is published. The same operation as the MCP tool create-revision.',
    params: campaignIdParams,
    query: workspaceQuery,
    responses: { 201: { description: 'The revision', schema: campaignRecordSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/revisions/{revisionId}/impact',
    tag: 'Campaigns',
    summary: 'What publishing a revision would do',
    description:
      'Steps removed (and how many prospects stand on each now: they need a move), sending steps whose text changes (and how many unfinished prospects ' +
      'have not been sent them yet: they will get the new text) and steps added. The same operation as the MCP tool get-revision-impact.',
    params: revisionParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The impact', schema: revisionImpactSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/v1/campaigns/{campaignId}/publish',
    tag: 'Campaigns',
    summary: 'Publish a revision: the running campaign moves on its graph',
    description:
      'Checked in this order: revision unknown → 404 not_found; `confirm` not true → 400; `inspectedUpdatedAt` not the revision’s updated_at → 409 stale_edit; ' +
      'a graph that cannot launch → 422 invalid_workflow; prospects on a removed step without a move → 409 moves_required with `nodeIds`; a move to a step ' +
      `the revision does not have → 400. Then, in one transaction: the revision's graph becomes the campaign's (a new version; the revision is deleted); every ` +
      `unfinished prospect stays at their step; those at a removed step go to its move (a step id, or "${MOVE_TO_END}" to end their run); a step already done, ` +
      'or one that would send a text already sent to that prospect, is passed (skipped, taking the output it took before, else its no-answer output), never done ' +
      'again; a changed wait counts from when it began; actions already scheduled keep their text. Emits campaign.revised. Answers the campaign record. ' +
      'The same operation as the MCP tool publish-revision.',
    params: campaignIdParams,
    body: publishRevisionBody,
    responses: { 200: { description: 'The campaign record, on its new graph', schema: campaignRecordSchema } },
    errors: [400, 404, 409, 422],
  },
  {
    method: 'delete',
    path: '/api/v1/campaigns/{campaignId}/revisions/{revisionId}',
    tag: 'Campaigns',
    summary: 'Discard a revision',
    description:
      'Deletes the revision; the running campaign is untouched. Stopping the campaign discards it too. The same operation as the MCP tool discard-revision.',
    params: revisionParams,
    query: workspaceQuery,
    responses: { 204: { description: 'Discarded', schema: null } },
    errors: [400, 404],
  },
];

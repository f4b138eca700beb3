import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRunSchema } from '../../domain/contract/runs';
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
];

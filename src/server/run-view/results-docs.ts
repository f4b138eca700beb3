import { campaignIdParams } from '../../domain/contract/conversations';
import { campaignResultsSchema, chooseWinnerBody, resultsQuery, winnerParams } from '../../domain/contract/results';
import type { RouteDoc } from '../http/route-doc';

/** Contract 10.1's REST routes (results and winners) for /api/openapi.json. */
export const resultsDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/results',
    tag: 'Runs',
    summary: 'What works in a campaign: results per step, variant, sender and day (contract 10.1)',
    description:
      'Per sending step, version of its text (consecutive versions with the same text are one row) and variant (the first is the control): `sent` ' +
      '(actions done), `converted` (invitations: accepted; messages: prospects who replied after it and before their next sending step), `rate` and ' +
      'its 95 % Wilson `interval` (null when nothing was sent), and a `verdict` from an always-valid sequential test (α = 0.05 split over the ' +
      'comparisons), so looking every day does not inflate false winners. Per sender sent/accepted/replied; per day, in the schedule’s time zone. ' +
      'Read from counters. `format=csv` returns the step rows as CSV (cells that would run as spreadsheet formulas are escaped). ' +
      'The same body as the MCP tool get-campaign-results.',
    params: campaignIdParams,
    query: resultsQuery,
    responses: {
      200: { description: 'The results (or, with format=csv, the step rows as text/csv)', schema: campaignResultsSchema },
    },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/v1/campaigns/{campaignId}/steps/{nodeId}/winner',
    tag: 'Runs',
    summary: "Choose a step's winning variant (contract 10.1)",
    description:
      'Active or paused campaigns (else 409 campaign_not_active). Prospects who reach the step — or any step of its variant group — from now on get ' +
      'this variant; those past it keep theirs; every choice is kept. A step without variants is 400 invalid_request; an unknown step or variant ' +
      '404 not_found. Answers the results. The same operation as the MCP tool choose-variant-winner.',
    params: winnerParams,
    body: chooseWinnerBody,
    responses: { 200: { description: 'The results', schema: campaignResultsSchema } },
    errors: [400, 404, 409],
  },
];

import { z } from 'zod';
import { accountSchema, campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import {
  enrollBody,
  enrollmentIdParams,
  enrollmentPageSchema,
  enrollResultSchema,
  listEnrollmentsQuery,
  timelineSchema,
} from '../../domain/contract/enrollments';
import {
  importProspectsBody,
  importResultSchema,
  listProspectsQuery,
  MAX_IMPORT_ROWS,
  patchProspectBody,
  prospectDetailSchema,
  prospectIdParams,
  prospectPageSchema,
  prospectSchema,
} from '../../domain/contract/prospects';
import { scheduleBody } from '../../domain/contract/schedule';
import { patchAccountBody } from '../../domain/contract/accounts';
import type { RouteDoc } from '../http/route-doc';

/** The audience's REST routes (contract 9.1–9.3) for /api/openapi.json, with the schemas the handlers parse with. */
export const audienceDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/prospects/import',
    tag: 'Audience',
    summary: 'Import prospects (contract 9.1)',
    description:
      `1–${MAX_IMPORT_ROWS} rows. Each row is checked alone: a bad row is reported in \`errors\` by index and field and not stored; the valid rows are stored ` +
      'in one transaction. A profile URL must be a LinkedIn member, a Sales Navigator lead or a WhatsApp link (contract 10.3; any other URL is refused ' +
      'for that row, the message naming what is accepted). Profiles are matched on their stored form (`https://www.linkedin.com/in/<slug>`, the slug ' +
      'lower-case), within the request and against the workspace; `onDuplicate` decides whether a duplicate is skipped (default) or updated.',
    body: importProspectsBody,
    responses: { 200: { description: 'What was stored', schema: importResultSchema } },
    errors: [400, 404, 413],
  },
  {
    method: 'get',
    path: '/api/v1/prospects',
    tag: 'Audience',
    summary: 'List prospects (contract 9.1)',
    description: 'Newest first, ties by id; `nextCursor` is null on the last page and valid only with the same filters.',
    query: listProspectsQuery,
    responses: { 200: { description: 'One page', schema: prospectPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/v1/prospects/{prospectId}',
    tag: 'Audience',
    summary: 'Get one prospect and its campaigns',
    params: prospectIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The prospect', schema: prospectDetailSchema } },
    errors: [400, 404],
  },
  {
    method: 'patch',
    path: '/api/v1/prospects/{prospectId}',
    tag: 'Audience',
    summary: 'Change a prospect',
    description:
      'The fields given replace theirs (customFields as a whole); null clears an optional field. A profile URL another prospect has: 409 prospect_exists.',
    params: prospectIdParams,
    query: workspaceQuery,
    body: patchProspectBody,
    responses: { 200: { description: 'The changed prospect', schema: prospectSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/v1/prospects/{prospectId}',
    tag: 'Audience',
    summary: 'Delete a prospect',
    description:
      'Contract 10.3: while the prospect has an unfinished enrollment, 409 `prospect_enrolled` with `campaignIds`; otherwise the prospect, its ' +
      'enrollments and their timelines are removed (run counts keep their totals) and its conversations stay in the inbox.',
    params: prospectIdParams,
    query: workspaceQuery,
    responses: { 204: { description: 'Deleted', schema: null } },
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/v1/campaigns/{campaignId}/enrollments',
    tag: 'Audience',
    summary: 'Enrol prospects in a campaign (contract 9.2)',
    description:
      'A prospect already in another campaign that is not completed is excluded (`in_another_campaign`) unless `allowInOtherCampaigns`; one on the do-not-contact ' +
      'list (contract 10.3) as `do_not_contact`; unknown ids as `not_found`. Each new enrollment gets the least busy sender of the campaign. Draft or paused campaigns keep them waiting; completed: 409 campaign_completed.',
    params: campaignIdParams,
    body: enrollBody,
    responses: { 200: { description: 'What happened', schema: enrollResultSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/enrollments',
    tag: 'Audience',
    summary: "List a campaign's enrollments (contract 9.2)",
    description: 'First entered first, ties by id; filters `status` and `nodeId` (the current step).',
    params: campaignIdParams,
    query: listEnrollmentsQuery,
    responses: { 200: { description: 'One page', schema: enrollmentPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/v1/enrollments/{enrollmentId}/timeline',
    tag: 'Audience',
    summary: "An enrollment's timeline (contract 9.2)",
    description: 'Every step visit the run recorded for this prospect, in order, with the exact text sent; empty until the run reaches it.',
    params: enrollmentIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The timeline', schema: timelineSchema } },
    errors: [400, 404],
  },
  {
    method: 'put',
    path: '/api/v1/campaigns/{campaignId}/schedule',
    tag: 'Audience',
    summary: "Set a campaign's sending window (contract 9.3)",
    description: 'Fields left out take their defaults. Draft or paused campaigns only, else 409 campaign_not_draft.',
    params: campaignIdParams,
    query: workspaceQuery,
    body: scheduleBody,
    responses: { 200: { description: 'The campaign', schema: campaignRecordSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'patch',
    path: '/api/messaging/accounts/{id}',
    tag: 'Conversations',
    summary: "Change a sender account's time zone, limits and warm-up (contract 9.3, 10.2)",
    description:
      'Each field given replaces its value; in dailyLimits and weeklyLimits the kinds given replace theirs (a weekly limit set to null is removed). ' +
      'The account’s days (daily and weekly limits, warm-up) are counted in its timeZone. warmUp {startDaily, addPerDay, startedOn} caps each daily ' +
      'limit at startDaily + addPerDay × days since startedOn, which may not be after today; null ends it. Slots already planned above lowered limits are given back.',
    params: z.object({ id: z.guid().describe('Account id') }),
    query: workspaceQuery,
    body: patchAccountBody,
    responses: { 200: { description: 'The account', schema: accountSchema } },
    errors: [400, 404],
  },
];

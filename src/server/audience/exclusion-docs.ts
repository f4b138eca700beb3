import { campaignIdParams, workspaceQuery } from '../../domain/contract/conversations';
import {
  addExclusionBody,
  audienceCheckSchema,
  exclusionIdParams,
  exclusionPageSchema,
  exclusionSchema,
  importExclusionsBody,
  importExclusionsResultSchema,
  listExclusionsQuery,
} from '../../domain/contract/exclusions';
import { MAX_IMPORT_ROWS } from '../../domain/contract/prospects';
import type { RouteDoc } from '../http/route-doc';

const MATCHING =
  'An entry keeps people from being contacted: `profile` the one person with that profile URL (stored by the prospects’ profile URL rule), `company` ' +
  'everyone whose company is that name (trimmed, case-insensitive), `domain` everyone whose e-mail address is at that domain or a subdomain of it. ' +
  'Enrolling skips them (`excluded`, reason `do_not_contact`) and a running campaign stops them before their next action (outcome `excluded`).';

/** The do-not-contact list's REST routes (contract 10.3) for /api/openapi.json, with the schemas the handlers parse with. */
export const exclusionDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/exclusions',
    tag: 'Audience',
    summary: 'List the do-not-contact list (contract 10.3)',
    description: `Newest first, ties by id; \`nextCursor\` is null on the last page and valid only with the same filters. ${MATCHING}`,
    query: listExclusionsQuery,
    responses: { 200: { description: 'One page', schema: exclusionPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/v1/exclusions',
    tag: 'Audience',
    summary: 'Add one entry to the do-not-contact list',
    description:
      'The value is stored in its kind’s normal form; the same kind and value again answers 200 with the entry already on the list (its reason unchanged). ' +
      '`createdBy` is `studio` for the app (`X-Client: app`), `agent` otherwise.',
    body: addExclusionBody,
    responses: {
      201: { description: 'Added', schema: exclusionSchema },
      200: { description: 'Already on the list', schema: exclusionSchema },
    },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/v1/exclusions/import',
    tag: 'Audience',
    summary: 'Import entries into the do-not-contact list',
    description:
      `1–${MAX_IMPORT_ROWS} rows, each checked alone: a bad row is reported in \`errors\` by index and field and not stored; the valid rows are stored ` +
      'in one transaction (`createdBy` `import`); one already on the list, or repeated in the request, is counted in `skipped`.',
    body: importExclusionsBody,
    responses: { 200: { description: 'What was stored', schema: importExclusionsResultSchema } },
    errors: [400, 404, 413],
  },
  {
    method: 'delete',
    path: '/api/v1/exclusions/{exclusionId}',
    tag: 'Audience',
    summary: 'Remove an entry from the do-not-contact list',
    description: 'Enrollments it stopped stay stopped; the people it named may be enrolled again.',
    params: exclusionIdParams,
    query: workspaceQuery,
    responses: { 204: { description: 'Removed', schema: null } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/v1/campaigns/{campaignId}/audience-check',
    tag: 'Audience',
    summary: 'Who of a campaign’s prospects cannot be contacted (contract 10.3)',
    description:
      'For the launch review: of the campaign’s unfinished enrollments, those on the do-not-contact list (each with the entry that names them; they are ' +
      'skipped before their first action) and those whose profile URL is not LinkedIn or WhatsApp (kept from before the profile URL rule; nobody can reach them).',
    params: campaignIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The counts and the first of each', schema: audienceCheckSchema } },
    errors: [400, 404],
  },
];

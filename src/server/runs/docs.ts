import {
  actionIdParams,
  actionResultAnswerSchema,
  actionResultBody,
  executorEventAnswerSchema,
  executorEventBody,
} from '../../domain/contract/executors';
import type { RouteDoc } from '../http/route-doc';

/** What executors tell the run engine (contract 9.4, runs/routes.ts) for /api/openapi.json. */
export const runInputDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/actions/{actionId}/result',
    tag: 'Executors',
    summary: 'Report the result of an action answered 202 (contract 9.4)',
    description:
      '`done` (with `result`), `failed` (with `error`) or `rate_limited` (with `retryAfterSeconds`). The same result again: 200 and no change.',
    params: actionIdParams,
    body: actionResultBody,
    responses: { 200: { description: 'The action as recorded', schema: actionResultAnswerSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/v1/executor/events',
    tag: 'Executors',
    summary: 'Report what a prospect did (contract 9.4)',
    description:
      'invitation_accepted, message_received, website_visit, new_connection or post_comment, for the prospect with this profile URL and this ' +
      'sender account. message_received is also put in the inbox (idempotent on externalMessageId, or without one on accountId, profileUrl, at and text) and stops the prospect’s campaign (replied).',
    body: executorEventBody,
    responses: { 202: { description: 'Taken', schema: executorEventAnswerSchema } },
    errors: [400, 404],
  },
];

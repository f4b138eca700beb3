import { workspaceQuery } from '../../domain/contract/conversations';
import {
  actionIdParams,
  actionResultAnswerSchema,
  actionResultBody,
  executorEventAnswerSchema,
  executorEventBody,
  executorSettingsBody,
  executorSettingsSchema,
  rotatedExecutorSecretSchema,
  rotateExecutorSecretBody,
} from '../../domain/contract/executors';
import type { RouteDoc } from '../openapi/route-doc';

/** The executor routes (contract 9.4) for /api/openapi.json. */
export const executorDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/executor',
    tag: 'Executors',
    summary: "The workspace's executor (contract 9.4)",
    description:
      'Who carries out the run’s actions: the sandbox (a simulated network inside the server, the default) or your HTTP executor.',
    query: workspaceQuery,
    responses: { 200: { description: 'The executor settings', schema: executorSettingsSchema } },
    errors: [400],
  },
  {
    method: 'put',
    path: '/api/v1/executor',
    tag: 'Executors',
    summary: "Choose the workspace's executor (contract 9.4)",
    description:
      '`sandbox` with its rates and seed, or `http` with the URL actions are POSTed to (signed per Standard Webhooks, `webhook-id` = actionId). ' +
      'Switching to `http` answers the signing secret, this once.',
    body: executorSettingsBody,
    responses: { 200: { description: 'The executor settings', schema: executorSettingsSchema } },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/v1/executor/rotate-secret',
    tag: 'Executors',
    summary: "Rotate the HTTP executor's signing secret (contract 9.4, as 8.3)",
    description: 'Until the grace ends, each webhook-signature carries two signatures (new, old).',
    body: rotateExecutorSecretBody,
    responses: { 200: { description: 'The new secret (shown once)', schema: rotatedExecutorSecretSchema } },
    errors: [400, 404],
  },
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
      'sender account. message_received is also put in the inbox (idempotent on externalMessageId) and stops the prospect’s campaign (replied).',
    body: executorEventBody,
    responses: { 202: { description: 'Taken', schema: executorEventAnswerSchema } },
    errors: [400, 404],
  },
];

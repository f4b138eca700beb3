import { workspaceQuery } from '../../domain/contract/conversations';
import {
  executorSettingsBody,
  executorSettingsSchema,
  rotatedExecutorSecretSchema,
  rotateExecutorSecretBody,
} from '../../domain/contract/executors';
import type { RouteDoc } from '../http/route-doc';

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
];

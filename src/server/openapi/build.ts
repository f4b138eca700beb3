import { z } from 'zod';
import { DEFAULT_LIMIT, limitParam, MAX_LIMIT } from '../http/pagination';
import type { RouteDoc } from '../http/route-doc';
import { MAX_JSON_DEPTH } from '../../domain/contract/bounds';
import { campaignStatusSchema } from '../../domain/contract/campaigns';
import { MAX_RESPONSE_BYTES } from '../http/response-limit';
import { LARGE_REQUESTS_PER_KEY, MAX_BODY_BYTES, MAX_LARGE_BODY_BYTES, mib } from '../http/body-limit';
import { MAX_BATCH_MESSAGES } from '../mcp/server';

/**
 * Builds the OpenAPI 3.1 document from the route list (contract 7). Schemas come from the same zod
 * objects the handlers parse with (z.toJSONSchema; JSON Schema 2020-12 is OpenAPI 3.1's dialect).
 */

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int().describe('The HTTP status code (RFC 9457), always'),
  code: z.string().describe('Machine-readable code (contract 3)'),
  campaignStatus: campaignStatusSchema
    .optional()
    .describe('The campaign’s own status, when the error is about it (campaign_not_draft, campaign_not_active, campaign_running…)'),
  detail: z.string(),
  errors: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Every field outside its schema (invalid_request)'),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid_request (errors[] names each field), invalid_cursor, workspace_required',
  401: 'unauthorized: missing, malformed or unknown API key',
  404: 'workspace_not_found or not_found (unknown and foreign look alike)',
  409: 'delivery_not_redeliverable, idempotency_in_progress, campaign_not_draft, campaign_completed or prospect_exists',
  413: `payload_too_large: body over ${mib(MAX_BODY_BYTES)}`,
  422: 'idempotency_key_reused: the key was used for another delivery',
};

function parameters(route: RouteDoc): Json[] {
  const out: Json[] = [];
  for (const [where, object] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!object) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const { description, ...generated } = jsonSchema(field, 'input');
      // `limit` is parsed from a digits-only string; to clients it is simply an integer.
      const schema = field === limitParam ? { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } : generated;
      const required = where === 'path' || !field.safeParse(undefined).success;
      out.push({ name, in: where, required, ...(description ? { description } : {}), schema });
    }
  }
  return out;
}

function operation(route: RouteDoc): Json {
  const responses: Json = {};
  for (const [status, r] of Object.entries(route.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.headers
        ? { headers: Object.fromEntries(Object.entries(r.headers).map(([h, v]) => [h, { schema: { type: 'string', const: v } }])) }
        : {}),
      ...(r.schema ? { content: { [r.mediaType ?? 'application/json']: { schema: jsonSchema(r.schema, 'output') } } } : {}),
    };
  }
  for (const status of route.public ? route.errors : [401, ...route.errors]) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Problem',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  const opId = `${route.method}${route.path
    .replace(/\{(\w+)\}/g, 'By_$1')
    .split(/[^a-zA-Z0-9]+/)
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join('')}`;
  return {
    operationId: opId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
      : {}),
    responses,
    ...(route.public ? { security: [] } : {}),
  };
}

export function buildOpenApi(routes: RouteDoc[], serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campaign Studio API',
      version: '1.0.0',
      description:
        'REST face of Campaign Studio: conversations, content inspirations, webhooks and the live changes of a campaign. Errors are RFC 9457 problem details. The campaign tools are served by the MCP endpoint POST /mcp (JSON-RPC), not described here. ' +
        `Limits on every route (contract 8.4): a request body is at most ${mib(MAX_BODY_BYTES)}, ${mib(MAX_LARGE_BODY_BYTES)} on the prospect import and POST /mcp (413 payload_too_large), ` +
        `and one API key has at most ${LARGE_REQUESTS_PER_KEY} requests with a body over ${mib(MAX_BODY_BYTES)} in progress (then 429 rate_limited with Retry-After); JSON nested more than ${MAX_JSON_DEPTH} levels deep is 400 invalid_request; ` +
        `an answer is at most ${mib(MAX_RESPONSE_BYTES)} (422 response_too_large: ask for a smaller page). On POST /mcp a JSON-RPC batch holds at most ${MAX_BATCH_MESSAGES} messages (-32600), ` +
        'the tool results of one request share the answer limit, and simulations run one at a time per API key with a few waiting (then rate_limited), each within its budget (truncated past it).',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      schemas: { Problem: jsonSchema(problemSchema, 'output') },
    },
  };
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { RouteModule } from '../route-module';
import type { AppEnv } from '../http/auth';
import { changeOrigin } from '../http/change-origin';
import { TOO_DEEP, tooDeepPath, unstorableTextPaths } from '../../domain/contract/bounds';
import { ApiError } from '../http/errors';
import { MAX_RESPONSE_BYTES, responseTooLarge } from '../http/response-limit';
import { isRecord } from '../../domain/is-record';
import { hintFor } from './hints';
import { parseArguments, toolErrorSchema, type ToolContext, type ToolDefinition } from '../tool';
import { isSerialisedResult, serialisedBytes, serialisedResults } from '../compute/serialised-result';
import { log } from '../observe/log';

/**
 * Contract 1: POST /mcp speaks MCP Streamable HTTP statelessly — a fresh low-level Server and
 * transport per request, JSON responses, tools/call also without initialize. The low-level Server
 * (not McpServer) lets argument errors come back as contract-3 tool errors instead of plain text.
 */

const SERVER_INFO = { name: 'campaign-studio', version: '0.1.0' };
const INSTRUCTIONS =
  'Campaign Studio: outreach campaigns with a delivery graph. Read a campaign with get-campaign before changing it and pass its updated_at ' +
  'as expectedUpdatedAt; saving never starts or sends anything; launching needs launch-campaign with the inspected updated_at and confirm: true.';

// The Server only uses its JSON Schema validator for elicitation, which these tools never do; skip building Ajv per request.
const NO_ELICITATION_VALIDATOR: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'Elicitation is not supported by this server.' }),
};

// The Server validates tools/call params itself and answers -32602 Invalid params; registering the SDK's
// strict schema would make the Protocol parse first and answer a malformed call with -32603 Internal error.
const ANY_TOOLS_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/** zod → JSON Schema (draft-07 keywords, which both draft-07 and 2020-12 validators read), without `$schema`. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** tools/list entries, built once. outputSchema admits success and the contract-3 error shape. */
function describeTools(tools: ToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.advertisedArguments ?? tool.arguments) as Tool['inputSchema'],
    ...(tool.result ? { outputSchema: { type: 'object' as const, anyOf: [jsonSchema(tool.result), jsonSchema(toolErrorSchema)] } } : {}),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
  }));
}

const textResult = (structured: Record<string, unknown>, isError: boolean): CallToolResult => ({
  ...(isError ? { isError: true } : {}),
  structuredContent: structured,
  content: [{ type: 'text', text: JSON.stringify(structured) }],
});

/** The one place where a failure becomes a contract-3 tool error ({error: {code, message, ...extras, hint}}, contract 8.1). */
export function toToolError(err: unknown): CallToolResult {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else {
    log().error({ err }, 'unexpected error in a tool');
    apiError = new ApiError(500, 'internal_error', 'Something went wrong on our side; nothing was changed by this call.');
  }
  const { code, detail, extras } = apiError;
  return textResult({ error: { code, message: detail, ...extras, hint: hintFor(code, extras) } }, true);
}

/** Argument keys whose content is a graph: the shared validator judges it (an invalid_field the editor can pin on a step). */
const GRAPH_ARGUMENTS = new Set(['workflow_definition', 'operations']);

/**
 * Contract 8.4: a string the database cannot store (U+0000, a lone surrogate) anywhere in the arguments is
 * invalid_arguments, named by its path — except inside a graph, where it is an invalid_field violation (contract 3).
 */
function refuseUnstorableArguments(rawArguments: unknown): void {
  const outsideGraphs = isRecord(rawArguments)
    ? Object.fromEntries(Object.entries(rawArguments).map(([k, v]) => [k, GRAPH_ARGUMENTS.has(k) ? null : v]))
    : rawArguments;
  const errors = unstorableTextPaths(outsideGraphs);
  // Graphs are judged by the validator, but no walk may meet a graph nested without bound (contract 8.4).
  for (const key of GRAPH_ARGUMENTS) {
    const deep = isRecord(rawArguments) ? tooDeepPath(rawArguments[key], [key]) : null;
    if (deep !== null) errors.push({ path: deep, message: TOO_DEEP });
  }
  if (errors.length > 0)
    throw new ApiError(
      400,
      'invalid_arguments',
      `Invalid arguments: ${errors.map((e) => `${e.path || '(arguments)'}: ${e.message}`).join('; ')}`,
      { errors },
    );
}

/**
 * What one HTTP request's tool results may still add to its answer (a batch shares it): the
 * response limit of /mcp, and where results serialised in a worker wait to be spliced in.
 */
interface ResponseBudget {
  bytes: number;
  serialised: ReturnType<typeof serialisedResults>;
}

async function callTool(tool: ToolDefinition, rawArguments: unknown, ctx: ToolContext, budget: ResponseBudget): Promise<CallToolResult> {
  try {
    refuseUnstorableArguments(rawArguments);
    const value = await tool.run(parseArguments(tool.arguments, rawArguments), ctx);
    if (isSerialisedResult(value)) {
      const bytes = serialisedBytes(value);
      if (bytes > budget.bytes) throw responseTooLarge(bytes);
      budget.bytes -= bytes;
      return budget.serialised.placeholder(value);
    }
    const result = textResult(value as Record<string, unknown>, false);
    // The result goes out twice (structuredContent and its text), so its text counts twice.
    const bytes = 2 * Buffer.byteLength((result.content[0] as { text: string }).text);
    if (bytes > budget.bytes) throw responseTooLarge(bytes);
    budget.bytes -= bytes;
    return result;
  } catch (err) {
    return toToolError(err);
  }
}

function createMcpServer(tools: Map<string, ToolDefinition>, listed: Tool[], ctx: ToolContext, budget: ResponseBudget): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: NO_ELICITATION_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(ANY_TOOLS_CALL, (anyRequest) => {
    const request = anyRequest as CallToolRequest; // the Server validated it against CallToolRequestSchema already
    const tool = tools.get(request.params.name);
    // Contract 3: an unknown tool is a JSON-RPC error, not a tool result.
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Call tools/list for the available tools.`);
    return callTool(tool, request.params.arguments, ctx, budget);
  });
  return server;
}

/**
 * Contract 1: a plain JSON client (Accept: application/json, or no Accept) gets the same JSON answer
 * as an MCP client; the transport insists on both media types, so we state them for it. The body is
 * read as JSON whatever Content-Type says (fetch sends text/plain for a string body): a body that is
 * not JSON-RPC still gets the JSON-RPC parse error.
 */
async function normalisedRequest(raw: Request): Promise<{ request: Request; parsedBody?: unknown }> {
  const headers = new Headers(raw.headers);
  const accept = headers.get('accept') ?? '';
  if (!(accept.includes('application/json') && accept.includes('text/event-stream')))
    headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  const text = await raw.text();
  try {
    // Parsed once here; the transport takes it as parsedBody instead of decoding the body again.
    return { request: new Request(raw.url, { method: 'POST', headers }), parsedBody: JSON.parse(text) };
  } catch {
    return { request: new Request(raw.url, { method: 'POST', headers, body: text }) }; // the transport answers the parse error
  }
}

// The SDK answers params that fail its schemas with -32603 (or -32602) carrying a raw zod dump; these
// methods are checked first so a malformed request gets -32602 with a sentence a person can read.
// A Map, not an object: a method named `__proto__` or `constructor` must find nothing (-32601), not Object's members.
const CHECKED_METHODS: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const where = issue.path.filter((p) => p !== 'params').join('.') || 'params';
  return issue.code === 'invalid_type' && issue.message.endsWith('received undefined')
    ? `${where} is missing`
    : `${where}: ${issue.message}`;
};

/** A JSON-RPC -32602 answer when `message` is a request of a checked method whose params are malformed; undefined otherwise. */
export function invalidParamsAnswer(message: unknown): Response | undefined {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return undefined;
  const { method, id } = message as { method?: unknown; id?: unknown };
  if (typeof method !== 'string' || !(typeof id === 'string' || typeof id === 'number')) return undefined;
  const schema = CHECKED_METHODS.get(method);
  const result = schema?.safeParse(message);
  if (!result || result.success) return undefined;
  const detail = [...new Set(result.error.issues.map(describeIssue))].join('; ');
  return Response.json({
    jsonrpc: '2.0',
    id,
    error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${method}: ${detail}.` },
  });
}

/** Messages one JSON-RPC batch may hold: with the per-key compute share and the response limit, a batch's work stays bounded. */
export const MAX_BATCH_MESSAGES = 20;

/** A JSON-RPC -32600 answer (HTTP 400) for a batch of more than MAX_BATCH_MESSAGES messages; undefined otherwise. */
function batchTooLarge(message: unknown): Response | undefined {
  if (!Array.isArray(message) || message.length <= MAX_BATCH_MESSAGES) return undefined;
  return Response.json(
    {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: ErrorCode.InvalidRequest,
        message: `A batch holds at most ${MAX_BATCH_MESSAGES} messages (this one has ${message.length}): send the rest in further requests.`,
      },
    },
    { status: 400 },
  );
}

const methodNotAllowed = () =>
  new Response(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: ErrorCode.ConnectionClosed, message: 'Method not allowed: this stateless MCP endpoint takes POST only.' },
      id: null,
    }),
    {
      status: 405,
      headers: { 'Content-Type': 'application/json', Allow: 'POST' },
    },
  );

/** The /mcp route module serving `tools`. */
export function mcpRoutes(toolList: ToolDefinition[]): RouteModule {
  const tools = new Map(toolList.map((t) => [t.name, t]));
  const listed = describeTools(toolList);
  return (ctx) => {
    const app = new Hono<AppEnv>();
    app.post('/mcp', async (c) => {
      const budget: ResponseBudget = { bytes: MAX_RESPONSE_BYTES, serialised: serialisedResults() };
      const context = { db: ctx.db, config: ctx.config, caller: c.get('caller'), origin: changeOrigin(c, 'mcp'), compute: ctx.compute };
      const server = createMcpServer(tools, listed, context, budget);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        const { request, parsedBody } = await normalisedRequest(c.req.raw);
        const invalid = batchTooLarge(parsedBody) ?? invalidParamsAnswer(parsedBody);
        if (invalid) return invalid;
        return await budget.serialised.splice(await transport.handleRequest(request, { parsedBody }));
      } finally {
        void server.close();
      }
    });
    app.on(['GET', 'DELETE', 'PUT', 'PATCH'], '/mcp', () => methodNotAllowed());
    return app;
  };
}

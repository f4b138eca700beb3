import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_QUERY_VALUE,
  type Schema,
  arbitrary,
  deeplyNested,
  encodeSegment,
  named,
  resolver,
  rpcMethodName,
} from './testing/fuzz-arbitraries';
import { api, callTool, newWorkspace, type ApiResponse, type TestWorkspace } from './testing/fixtures';
import { toolCallBody } from '../domain/contract/tool-call';

/**
 * Contract 8.4 guard: requests derived from the served documents — every operation of
 * GET /api/openapi.json and every tool of tools/list — filled by fast-check with boundary numbers,
 * dates, hostile Unicode, wrong types and missing/extra fields. Whatever they send, the answer is
 * never a 5xx, never `internal_error`, never JSON-RPC -32603. Routes and tools added later are fuzzed
 * without touching this file. FUZZ_RUNS (cases per route and per tool) and FUZZ_SEED replay a run.
 * The seed is fixed unless FUZZ_SEED=random asks for a new one (printed either way), so a failure
 * in the suite is the same failure on the next run.
 */

// 40 keeps the file near a minute per database on a loaded 2-core machine; FUZZ_RUNS=200 for a deeper run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 35);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED is a whole number or "random", not ${process.env.FUZZ_SEED}`);

/**
 * `api`, retried once when a kept-alive socket turns out closed before any answer ("other side
 * closed", ECONNRESET, EPIPE — the server's 5 s keep-alive expiry racing a reuse on a starved CPU),
 * as a browser retries. A second failure fails the case; the summary counts the retries.
 */
async function send(...args: Parameters<typeof api>): Promise<ApiResponse> {
  try {
    return await api(...args);
  } catch (err) {
    if (!CLOSED_SOCKET.has((err as { cause?: { code?: string } }).cause?.code ?? '')) throw err;
    stale += 1;
    return api(...args);
  }
}
let stale = 0;
const CLOSED_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

interface Case {
  target: string;
  status: number;
  code?: string;
}
const tally = new Map<string, Map<string, number>>();
function record(c: Case): void {
  const counts = tally.get(c.target) ?? new Map<string, number>();
  const key = c.code ? `${c.status} ${c.code}` : String(c.status);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  tally.set(c.target, counts);
}

let ws: TestWorkspace;
let openapi: Schema;
let tools: { name: string; inputSchema: Schema }[];
const ids: string[] = [];

beforeAll(async () => {
  console.log(`[fuzz] seed ${SEED}, ${RUNS} cases per route and per tool (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`);
  ws = await newWorkspace();
  ids.push(ws.workspaceId, ws.accounts.whatsapp, ws.accounts.linkedinPremium);
  // Real ids for path parameters: a campaign, an inspiration, a conversation, a prospect, an enrollment.
  const campaign = await callTool(ws.apiKey, 'create-campaign', { name: 'Fuzz target' });
  if (!campaign.isError) ids.push((campaign.structured as any).campaignId);
  const inspiration = await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'fuzz' });
  if (inspiration.status === 201) ids.push(inspiration.body.id);
  const message = await api(ws.apiKey, 'POST', '/api/messaging/messages', {
    accountId: ws.accounts.whatsapp,
    externalConversationId: 'fuzz-c',
    externalMessageId: 'fuzz-m',
    contact: { name: 'Fuzz' },
    direction: 'inbound',
    text: 'hi',
    sentAt: '2026-01-01T00:00:00Z',
  });
  if (message.status === 201) ids.push(message.body.conversationId);
  // A prospect enrolled in that campaign, and its enrollment (contract 9.1, 9.2).
  await api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects: [{ profileUrl: 'https://www.linkedin.com/in/fuzz' }] });
  const prospect = (await api(ws.apiKey, 'GET', '/api/v1/prospects')).body?.items?.[0]?.prospectId;
  if (prospect) ids.push(prospect);
  if (prospect && !campaign.isError) {
    const campaignId = (campaign.structured as any).campaignId;
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { prospectIds: [prospect] });
    const enrollment = (await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/enrollments`)).body?.items?.[0]?.enrollmentId;
    if (enrollment) ids.push(enrollment);
  }
  const doc = await api(ws.apiKey, 'GET', '/api/openapi.json');
  expect(doc.status).toBe(200);
  openapi = doc.body;
  const listed = await api(ws.apiKey, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  tools = listed.body.result.tools;
}, 60_000);

afterAll(() => {
  const lines = [...tally].map(([target, counts]) => `  ${target}: ${[...counts].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  const total = [...tally.values()].reduce((sum, m) => sum + [...m.values()].reduce((a, b) => a + b, 0), 0);
  console.log(`[fuzz] seed ${SEED}: ${total} generated requests (${stale} retried on a closed kept-alive socket)\n${lines.join('\n')}`);
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('fuzz (contract 8.4): no input yields a 5xx, internal_error or -32603', () => {
  it('every REST operation of the OpenAPI document', async () => {
    const resolve = resolver(openapi);
    const operations = Object.entries(openapi.paths as Record<string, Schema>).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({
        path,
        method,
        op: item[method] as Schema,
        shared: (item.parameters ?? []) as Schema[],
      })),
    );
    expect(operations.length).toBeGreaterThan(5);
    await Promise.all(
      operations.map(({ path, method, op, shared }, index) => {
        const target = `${method.toUpperCase()} ${path}`;
        const params = [...shared, ...(op.parameters ?? [])].map((p: Schema) => resolve(p));
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const bodySchema = resolve(op.requestBody)?.content?.['application/json']?.schema;
        const request = fc.record({
          path: fc.record(
            Object.fromEntries(
              pathParams.map((p) => [
                p.name,
                fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: arbitrary(p.schema, resolve, ids) }),
              ]),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              queryParams.map((p) => [p.name, named(p.name, arbitrary(p.schema ?? { type: 'string' }, resolve, ids), ids)]),
            ),
            {
              requiredKeys: [],
            },
          ),
          body: bodySchema ? arbitrary(bodySchema, resolve, ids) : fc.constant(undefined),
        });
        return fc.assert(
          fc.asyncProperty(request, async (r) => {
            const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
              encodeSegment((r.path as Record<string, unknown>)[name] ?? randomUUID()).slice(0, MAX_QUERY_VALUE),
            );
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(r.query))
              if (v !== undefined) search.append(k, (typeof v === 'string' ? v : JSON.stringify(v)).slice(0, MAX_QUERY_VALUE));
            const res = await send(
              ws.apiKey,
              method.toUpperCase(),
              `${url}${search.size ? `?${search}` : ''}`,
              method === 'get' ? undefined : r.body === undefined ? undefined : JSON.stringify(r.body),
            );
            record({ target, status: res.status, code: res.body?.code });
            expect(res.status, `${target} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`).toBeLessThan(500);
            expect(res.body?.code).not.toBe('internal_error');
          }),
          { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
        );
      }),
    );
  }, 600_000);

  it('every tool of tools/list', async () => {
    expect(tools.length).toBeGreaterThan(3);
    await Promise.all(
      tools.map((tool, index) => {
        const target = `tool ${tool.name}`;
        const resolve = resolver(tool.inputSchema);
        return fc.assert(
          fc.asyncProperty(arbitrary(tool.inputSchema, resolve, ids), async (args) => {
            const res = await send(ws.apiKey, 'POST', '/mcp', toolCallBody(1, tool.name, args as Record<string, unknown>));
            const code = res.body?.error?.code ?? res.body?.result?.structuredContent?.error?.code;
            record({ target, status: res.status, code: code === undefined ? undefined : String(code) });
            const seen = `${target} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
            expect(res.status, seen).toBeLessThan(500);
            expect(res.body?.error?.code, seen).not.toBe(-32603);
            expect(code, seen).not.toBe('internal_error');
          }),
          { numRuns: RUNS, seed: SEED + 1000 + index, endOnFailure: true },
        );
      }),
    );
  }, 600_000);

  it('every JSON-RPC method name, names of Object members included', async () => {
    await fc.assert(
      fc.asyncProperty(
        rpcMethodName,
        fc.oneof(fc.constant(undefined), fc.constant({}), fc.constant({ name: 'toString' })),
        async (method, params) => {
          const res = await send(ws.apiKey, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
          record({ target: 'JSON-RPC method', status: res.status, code: res.body?.error?.code?.toString() });
          const seen = `method ${JSON.stringify(method)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
          expect(res.status, seen).toBeLessThan(500);
          expect(res.body?.error?.code, seen).not.toBe(-32603);
        },
      ),
      { numRuns: RUNS, seed: SEED + 2000, endOnFailure: true },
    );
  }, 600_000);
});

describe('regressions found by an outside probe (each was a 5xx or a wrong answer)', () => {
  const deepText = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;

  it('JSON nested 2,500 levels deep → 400 invalid_request on REST, invalid_arguments from tools', async () => {
    const rest = await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', `{"text":"x","author":${deepText(2500)}}`);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({
      code: 'invalid_request',
      errors: [expect.objectContaining({ message: expect.stringMatching(/levels deep/) })],
    });
    const tool = await callTool(ws.apiKey, 'create-campaign', { name: 'deep', extra: deeplyNested(2500) });
    expect(tool.structured.error).toMatchObject({
      code: 'invalid_arguments',
      errors: [expect.objectContaining({ message: expect.stringMatching(/levels deep/) })],
    });
    const graph = await callTool(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: deeplyNested(2500, 'object') });
    expect(graph.structured.error).toMatchObject({
      code: 'invalid_arguments',
      errors: [expect.objectContaining({ path: expect.stringMatching(/^workflow_definition/) })],
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('JSON-RPC method %s → -32601 method not found', async (method) => {
    const res = await api(ws.apiKey, 'POST', '/mcp', { jsonrpc: '2.0', id: 9, method, params: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601 } });
  });

  it.each([0.001, 1.00000001, 5e-324])('rotate-secret with graceHours %s (not whole seconds) → 200', async (graceHours) => {
    const endpoint = await api(ws.apiKey, 'POST', '/api/v1/webhook-endpoints', { url: 'https://hooks.example/fuzz', eventTypes: [] });
    expect(endpoint.status).toBe(201);
    const res = await api(ws.apiKey, 'POST', `/api/v1/webhook-endpoints/${endpoint.body.endpointId}/rotate-secret`, { graceHours });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
  });

  it.each(['yesterday', '0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'])('inspiration observedAt/publishedAt %s → 400', async (date) => {
    for (const field of ['observedAt', 'publishedAt']) {
      const res = await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'x', [field]: date });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: field })]);
    }
  });

  it('expectedUpdatedAt in year 0000 → invalid_arguments, not stale_edit', async () => {
    const res = await callTool(ws.apiKey, 'update-campaign-workflow', {
      campaignId: ids[3] ?? randomUUID(),
      expectedUpdatedAt: '0000-01-01T00:00:00.000Z',
      workflow_definition: { nodes: [], edges: [] },
    });
    expect(res.structured.error).toMatchObject({
      code: 'invalid_arguments',
      errors: [expect.objectContaining({ path: 'expectedUpdatedAt' })],
    });
  });
});

describe('regressions of the input hardening (each was a 5xx or a silent change)', () => {
  const rest = async (method: string, path: string, body: unknown) => {
    const res = await api(ws.apiKey, method, path, typeof body === 'string' ? body : JSON.stringify(body));
    return res;
  };

  it.each(['reactions', 'comments', 'reposts'])('inspiration %s 2147483648 → 400 naming the field', async (field) => {
    const res = await rest('POST', '/api/v1/content/inspiration', { text: 'x', [field]: 2147483648 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', errors: [expect.objectContaining({ path: field })] });
  });

  it.each(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59'])(
    'message sentAt %s (outside years 1–9999 in UTC) → 400',
    async (sentAt) => {
      const res = await rest('POST', '/api/messaging/messages', {
        accountId: ws.accounts.whatsapp,
        externalConversationId: 'reg-c',
        externalMessageId: `reg-${sentAt}`,
        contact: { name: 'Reg' },
        direction: 'inbound',
        text: 'hi',
        sentAt,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'sentAt' })]);
    },
  );

  it('create-campaign with U+0000 in the name → invalid_arguments naming name; nothing created', async () => {
    const before = (await callTool(ws.apiKey, 'list-campaigns', {})).structured.items.length;
    const res = await callTool(ws.apiKey, 'create-campaign', { name: 'a\u0000b' });
    expect(res.isError).toBe(true);
    expect(res.structured.error).toMatchObject({ code: 'invalid_arguments', errors: [expect.objectContaining({ path: 'name' })] });
    expect((await callTool(ws.apiKey, 'list-campaigns', {})).structured.items).toHaveLength(before);
  });

  it('get-campaign-version with version 2147483648 → invalid_arguments', async () => {
    const res = await callTool(ws.apiKey, 'get-campaign-version', { campaignId: ids[3] ?? randomUUID(), version: 2147483648 });
    expect(res.structured.error).toMatchObject({ code: 'invalid_arguments', errors: [expect.objectContaining({ path: 'version' })] });
  });

  it('lone surrogates are refused on REST (body, query) and MCP, never stored as U+FFFD', async () => {
    const body = await rest('POST', '/api/v1/content/inspiration', '{"text":"ok","author":"a\\ud800b"}');
    expect(body.status).toBe(400);
    expect(body.body.errors).toEqual([expect.objectContaining({ path: 'author', message: expect.stringMatching(/surrogate/) })]);
    const nested = await rest('POST', '/api/messaging/messages', {
      accountId: ws.accounts.whatsapp,
      externalConversationId: 'c',
      externalMessageId: 'm',
      contact: { name: 'x\udc00' },
      direction: 'inbound',
      text: 'hi',
      sentAt: '2026-01-01T00:00:00Z',
    });
    expect(nested.body.errors).toEqual([expect.objectContaining({ path: 'contact.name' })]);
    const query = await api(ws.apiKey, 'GET', '/api/v1/content/inspiration?search=%ED%A0%80');
    expect(query.status).toBeLessThan(500);
    const nul = await api(ws.apiKey, 'GET', '/api/v1/content/inspiration?search=a%00b');
    expect(nul.body).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'search' })] });
    const pathNul = await api(ws.apiKey, 'GET', '/api/v1/content/inspiration/a%00b');
    expect(pathNul.status).toBe(400);
    const tool = await callTool(ws.apiKey, 'create-campaign', { name: 'ok\ud800' });
    expect(tool.structured.error).toMatchObject({ code: 'invalid_arguments', errors: [expect.objectContaining({ path: 'name' })] });
    const list = await api(ws.apiKey, 'GET', '/api/v1/content/inspiration');
    expect(JSON.stringify(list.body)).not.toContain('\ufffd');
  });

  it.each([
    ['tools/call without params', { jsonrpc: '2.0', id: 7, method: 'tools/call' }, /params is missing/],
    ['initialize with {}', { jsonrpc: '2.0', id: 7, method: 'initialize', params: {} }, /protocolVersion is missing/],
    ['tools/call with a number as name', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 5 } }, /name/],
  ])('%s → JSON-RPC -32602 with a readable message', async (_name, message, expected) => {
    const res = await api(ws.apiKey, 'POST', '/mcp', message);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(res.body.error.message).toMatch(expected);
    expect(res.body.error.message).not.toMatch(/[[{]\s*"/); // no JSON dump
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { api, newWorkspace, testEnv, type TestWorkspace } from '../testing/fixtures';
import { toolCallBody } from '../../domain/contract/tool-call';

/** Contract 1 and 3: POST /mcp for the official SDK client, plain JSON clients, and JSON-RPC errors. */

const TOOL_NAMES = [
  'add-exclusions',
  'check-campaign-audience',
  'choose-variant-winner',
  'create-campaign',
  'create-revision',
  'delete-campaign',
  'discard-revision',
  'enroll-prospects',
  'get-campaign',
  'get-campaign-results',
  'get-campaign-run',
  'get-campaign-version',
  'get-enrollment-timeline',
  'get-revision-impact',
  'import-prospects',
  'launch-campaign',
  'list-campaign-versions',
  'list-campaigns',
  'list-enrollments',
  'list-exclusions',
  'list-node-types',
  'list-prospects',
  'patch-campaign-workflow',
  'pause-campaign',
  'publish-revision',
  'remove-exclusion',
  'resume-campaign',
  'simulate-campaign',
  'stop-campaign',
  'update-campaign',
  'update-campaign-schedule',
  'update-campaign-workflow',
  'update-sender-account',
  'validate-campaign-workflow',
];

async function rawPost(apiKey: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${testEnv().baseUrl}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, ...headers }, body });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: text ? JSON.parse(text) : null };
}

describe('MCP with the official SDK client', () => {
  let ws: TestWorkspace;
  let client: Client;
  beforeAll(async () => {
    ws = await newWorkspace();
    client = new Client({ name: 'int-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${testEnv().baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${ws.apiKey}` } },
    });
    await client.connect(transport);
  });
  afterAll(() => client.close());

  it('initializes and lists every tool with JSON Schemas and output schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('campaign-studio');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const update = tools.find((t) => t.name === 'update-campaign-workflow')!;
    expect(update.inputSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['campaignId', 'expectedUpdatedAt', 'workflow_definition']),
    });
    expect((update.inputSchema.properties as any).workflow_definition.properties.nodes.maxItems).toBe(500);
    expect(update.description).toMatch(/get-campaign/);
    expect(update.description).toMatch(/full replacement/i);
    expect(update.description).toMatch(/sends nothing/i);
    expect(tools.find((t) => t.name === 'launch-campaign')!.description).toMatch(/confirm: true/);
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it('runs create → get → update → launch end to end', async () => {
    const created = await client.callTool({
      name: 'create-campaign',
      arguments: { name: 'SDK', senderAccountIds: [ws.accounts.linkedinPremium] },
    });
    expect(created.isError).toBeFalsy();
    const campaign = created.structuredContent as any;
    expect(JSON.parse((created.content as any)[0].text)).toEqual(campaign);

    const read = await client.callTool({ name: 'get-campaign', arguments: { campaignId: campaign.campaignId } });
    expect(read.structuredContent).toEqual(campaign);

    const saved = await client.callTool({
      name: 'update-campaign-workflow',
      arguments: { campaignId: campaign.campaignId, expectedUpdatedAt: campaign.updated_at, workflow_definition: scoredFollowUpGraph() },
    });
    expect(saved.structuredContent).toMatchObject({ editingMode: 'advanced', status: 'draft' });

    const launched = await client.callTool({
      name: 'launch-campaign',
      arguments: { campaignId: campaign.campaignId, inspectedUpdatedAt: (saved.structuredContent as any).updated_at, confirm: true },
    });
    expect(launched.structuredContent).toMatchObject({ status: 'active' });

    const list = await client.callTool({ name: 'list-campaigns', arguments: {} });
    expect((list.structuredContent as any).items).toHaveLength(1);
    const versions = await client.callTool({ name: 'list-campaign-versions', arguments: { campaignId: campaign.campaignId } });
    expect((versions.structuredContent as any).items).toHaveLength(1);
    const version = await client.callTool({ name: 'get-campaign-version', arguments: { campaignId: campaign.campaignId, version: 1 } });
    expect((version.structuredContent as any).workflow_definition).toEqual(campaign.workflow_definition);
  });

  it('returns tool errors as results (no throw): the error shape passes the output schema', async () => {
    const missing = await client.callTool({ name: 'get-campaign', arguments: { campaignId: randomUUID() } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toEqual({ error: { code: 'not_found', message: expect.any(String), hint: expect.any(String) } });
    const bad = await client.callTool({ name: 'update-campaign-workflow', arguments: { campaignId: 'nope' } });
    expect(bad.isError).toBe(true);
    expect((bad.structuredContent as any).error.code).toBe('invalid_arguments');
    expect((bad.structuredContent as any).error.errors.map((e: any) => e.path).sort()).toEqual([
      'campaignId',
      'expectedUpdatedAt',
      'workflow_definition',
    ]);
  });

  it('an unknown tool is a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'delete-everything', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe('MCP for plain JSON clients (contract 1)', () => {
  const call = (id: number, name: string, args: Record<string, unknown>) => JSON.stringify(toolCallBody(id, name, args));

  it('answers tools/call without initialize, with Accept: application/json only or no Accept at all', async () => {
    const ws = await newWorkspace();
    for (const headers of [
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      { 'Content-Type': 'application/json' },
      {},
      { Accept: '*/*' },
    ]) {
      const res = await rawPost(ws.apiKey, call(7, 'list-campaigns', {}), headers as Record<string, string>);
      expect(res.status).toBe(200);
      expect(res.type).toContain('application/json');
      expect(res.body).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: expect.objectContaining({ structuredContent: { items: [], nextCursor: null } }),
      });
    }
  });

  it('answers initialize and tools/list to a plain client', async () => {
    const ws = await newWorkspace();
    const init = await rawPost(
      ws.apiKey,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
      { 'Content-Type': 'application/json' },
    );
    expect(init.body.result.capabilities.tools).toBeDefined();
    expect(init.body.result.instructions).toMatch(/get-campaign/);
    const list = await rawPost(ws.apiKey, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {});
    expect(list.body.result.tools).toHaveLength(TOOL_NAMES.length);
  });

  it('malformed JSON-RPC and unknown tools are JSON-RPC errors, never 5xx', async () => {
    const ws = await newWorkspace();
    const cases: [string, number | null][] = [
      ['{not json', -32700],
      [JSON.stringify({ hello: 'world' }), -32700],
      [JSON.stringify(toolCallBody(3, 'nope', {})), -32602],
      [JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { arguments: {} } }), -32602],
      [JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get-campaign', arguments: [1] } }), -32602],
      [JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'no/such/method' }), -32601],
    ];
    for (const [body, code] of cases) {
      const res = await rawPost(ws.apiKey, body, { 'Content-Type': 'application/json' });
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.code).toBe(code);
    }
  });

  it('arguments omitted count as {} and yield invalid_arguments', async () => {
    const ws = await newWorkspace();
    const res = await rawPost(
      ws.apiKey,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get-campaign' } }),
      {},
    );
    expect(res.body.result.isError).toBe(true);
    expect(res.body.result.structuredContent.error.code).toBe('invalid_arguments');
  });

  it('needs the bearer key (401), and takes POST only (405)', async () => {
    const res = await fetch(`${testEnv().baseUrl}/mcp`, { method: 'POST', body: call(1, 'list-campaigns', {}) });
    expect(res.status).toBe(401);
    const ws = await newWorkspace();
    const get = await api(ws.apiKey, 'GET', '/mcp', undefined, { Accept: 'text/event-stream' });
    expect(get.status).toBe(405);
  });

  it('a notification alone is accepted with 202', async () => {
    const ws = await newWorkspace();
    const res = await fetch(`${testEnv().baseUrl}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(res.status).toBe(202);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../domain/contract/tool-call';
import { SIMULATION_BUDGET } from '../../domain/paths';
import { followUpChain } from '../../domain/testing/fixtures';
import { MAX_BATCH_MESSAGES } from '../mcp/server';
import { api, callTool, newWorkspace, testEnv, type TestWorkspace } from '../testing/fixtures';

/**
 * One key hammering the heaviest calls it can make cannot starve the server: simulations run in the
 * worker pool with a per-key share, batches and answers are capped, bodies are capped. The timed
 * version (p99 and memory under load) is bench/abuse.bench.ts.
 */

const batch = (apiKey: string, messages: unknown[]) => api(apiKey, 'POST', '/mcp', messages, { Accept: TOOL_CALL_ACCEPT });
const toolCode = (answer: any): string | undefined => answer.result?.structuredContent?.error?.code;

let heavy: TestWorkspace;
let other: TestWorkspace;
let heavyCampaign: string;
let otherCampaign: string;

beforeAll(async () => {
  [heavy, other] = await Promise.all([newWorkspace(), newWorkspace()]);
  const created = await callTool(heavy.apiKey, 'create-campaign', { name: 'Long chain', workflow_definition: followUpChain(500) });
  expect(created.isError).toBe(false);
  heavyCampaign = created.structured.campaignId;
  otherCampaign = (await callTool(other.apiKey, 'create-campaign', { name: 'Quiet tenant' })).structured.campaignId;
}, 60_000);

describe('one key hammering the heaviest calls', () => {
  it('a batch of simulations at 500 steps: /healthz and another workspace answer meanwhile; the batch gets truncated paths and rate_limited', async () => {
    const messages = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) =>
      toolCallBody(i + 1, 'simulate-campaign', { campaignId: heavyCampaign }),
    );
    let batchAnswered = false;
    const pending = batch(heavy.apiKey, messages).then((res) => ((batchAnswered = true), res));
    const [health, read] = await Promise.all([
      fetch(`${testEnv().baseUrl}/healthz`),
      callTool(other.apiKey, 'get-campaign', { campaignId: otherCampaign }),
    ]);
    expect(health.status).toBe(200);
    expect(read.isError).toBe(false);
    expect(batchAnswered).toBe(false); // they did not wait for the simulations
    const res = await pending;
    expect(res.status).toBe(200);
    const answers = res.body as any[];
    expect(answers).toHaveLength(MAX_BATCH_MESSAGES);
    const simulated = answers.filter((a) => !a.result.isError).map((a) => a.result.structuredContent);
    // Beyond its key's turn a simulation is refused (rate_limited); on a slow machine one may also stop at its time
    // limit (too_expensive) or at the batch's shared answer size (response_too_large) — every answer is one of these.
    const refusals = ['rate_limited', 'too_expensive', 'response_too_large'];
    const refused = answers.filter((a) => refusals.includes(toolCode(a) ?? ''));
    expect(simulated.length + refused.length).toBe(MAX_BATCH_MESSAGES);
    expect(simulated.length).toBeGreaterThanOrEqual(1);
    expect(refused.filter((a) => toolCode(a) === 'rate_limited').length).toBeGreaterThanOrEqual(1);
    for (const simulation of simulated) {
      expect(simulation.truncated).toBe(true);
      const steps = simulation.paths.reduce((n: number, p: any) => n + p.steps.length, 0);
      expect(steps).toBeLessThanOrEqual(SIMULATION_BUDGET.maxSteps);
    }
    // The key's share is free again once its batch has answered.
    expect((await callTool(heavy.apiKey, 'simulate-campaign', { campaignId: heavyCampaign })).isError).toBe(false);
  });

  it(`a batch of more than ${MAX_BATCH_MESSAGES} messages → HTTP 400, JSON-RPC -32600, nothing run`, async () => {
    const messages = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => toolCallBody(i + 1, 'list-campaigns', {}));
    const res = await batch(heavy.apiKey, messages);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/at most 20/) } });
  });

  it('a batch whose answers would pass the response limit: the calls past it get response_too_large', async () => {
    const text = 'Hello {{firstName}}, '.padEnd(1500, 'x');
    const big = followUpChain(500);
    for (const node of big.nodes) if (node.type === 'message') node.data.message_template = text;
    const created = await callTool(heavy.apiKey, 'create-campaign', { name: 'Big texts', workflow_definition: big });
    expect(created.isError).toBe(false);
    const reads = Array.from({ length: 10 }, (_, i) => toolCallBody(i + 1, 'get-campaign', { campaignId: created.structured.campaignId }));
    const res = await batch(heavy.apiKey, reads);
    expect(res.status).toBe(200);
    const codes = (res.body as any[]).map((a) => toolCode(a) ?? 'ok');
    expect(codes).toContain('ok');
    expect(codes).toContain('response_too_large');
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(9 * 1024 * 1024);
  });

  it('10 MB bodies are refused with 413 before they are read, on REST and MCP', async () => {
    const body = `{"text":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    // The server answers 413 and closes the connection without reading on: the upload may see the close first.
    const statusOf = (path: string) =>
      api(heavy.apiKey, 'POST', path, body).then(
        (res) => res.status,
        (err: { cause?: { code?: string } }) => err.cause?.code,
      );
    expect(['413', 'EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(String(await statusOf('/api/v1/content/inspiration')));
    expect(['413', 'EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(String(await statusOf('/mcp')));
    expect((await api(heavy.apiKey, 'GET', '/api/v1/content/inspiration')).body.items).toEqual([]);
  });
});

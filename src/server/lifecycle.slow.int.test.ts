import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scoredFollowUpGraph } from '../domain/testing/fixtures';
import { childEnv, runTs, startServerProcess, type ServerProcess } from './testing/processes';
import { toolCallBody } from '../domain/contract/tool-call';

/**
 * The server as a real process on its own embedded data directory (contract 1–2): first start
 * with demo data and DEMO_API_KEY, graceful SIGTERM with a request in flight, kill -9 durability.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'cs-life-'));
const DEMO_KEY = `demo-key-for-lifecycle-tests-${'x'.repeat(16)}`;
const env = childEnv(dataDir, { DEMO_API_KEY: DEMO_KEY });
let running: ServerProcess | undefined;
afterAll(() => {
  running?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function tool(url: string, name: string, args: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(toolCallBody(1, name, args)),
  });
  const body = await res.json();
  if (body.result?.isError) throw new Error(JSON.stringify(body.result.structuredContent));
  return body.result.structuredContent;
}

/** A POST whose body arrives in two parts, so the request is provably in flight in between. */
function splitPost(url: string, body: string) {
  const req = request(`${url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 20));
  return { finish: () => req.end(body.slice(20)), response };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server process lifecycle', () => {
  it('refuses a DEMO_API_KEY shorter than 32 characters', async () => {
    const res = await runTs(
      'src/server/cli-serve.ts',
      [],
      childEnv(mkdtempSync(join(tmpdir(), 'cs-short-')), { DEMO_API_KEY: 'too-short', PORT: '0' }),
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/DEMO_API_KEY must be at least 32 characters/);
  }, 60_000);
});

describe.sequential('server process lifecycle on one data directory', () => {
  let draftId = '';

  it('first start seeds the demo workspace with DEMO_API_KEY and prints the key and sign-in URL', async () => {
    running = await startServerProcess(env);
    await running.waitForOutput(/Sign in: /);
    expect(running.output()).toContain(`Demo workspace created. API key: ${DEMO_KEY}`);
    expect(running.output()).toContain(`Sign in: ${running.url}/#apiKey=${DEMO_KEY}`);
    const { items } = await tool(running.url, 'list-campaigns', {});
    expect(items.map((c: any) => `${c.status}/${c.editingMode}`).sort()).toEqual(['active/easy', 'draft/advanced']);
    const draft = items.find((c: any) => c.status === 'draft');
    expect(draft.workflow_definition.nodes.map((n: any) => n.type)).toEqual(
      expect.arrayContaining(['icp_scoring', 'connection_request', 'message', 'cancel_invitation']),
    );
    expect(draft.senderAccountIds).toHaveLength(2);
    draftId = draft.campaignId;
  }, 120_000);

  it('SIGTERM lets an in-flight save finish, refuses new connections, closes the database and exits 0', async () => {
    const server = running!;
    const current = await tool(server.url, 'get-campaign', { campaignId: draftId });
    const save = splitPost(
      server.url,
      JSON.stringify(
        toolCallBody(9, 'update-campaign-workflow', {
          campaignId: draftId,
          expectedUpdatedAt: current.updated_at,
          workflow_definition: scoredFollowUpGraph(),
        }),
      ),
    );
    await pause(300); // headers received: the request is in flight
    server.child.kill('SIGTERM');
    // The server says it is stopping once it no longer accepts connections (however busy the machine).
    await server.waitForOutput(/SIGTERM: finishing/, 30_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    save.finish();
    const res = await save.response;
    expect(res.status).toBe(200);
    expect(res.body.result.structuredContent.workflow_definition).toEqual(scoredFollowUpGraph());
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/SIGTERM/);
  }, 60_000);

  it('a restart keeps the data, seeds nothing, prints the same sign-in link; after kill -9 an acknowledged save survives', async () => {
    running = await startServerProcess(env);
    await running.waitForOutput(/Sign in: /);
    expect(running.output()).not.toContain('Demo workspace created');
    expect(running.output()).toContain(`Sign in: ${running.url}/#apiKey=${DEMO_KEY}`);
    const saved = await tool(running.url, 'get-campaign', { campaignId: draftId });
    expect(saved.workflow_definition).toEqual(scoredFollowUpGraph());
    expect((await tool(running.url, 'list-campaigns', {})).items).toHaveLength(2);

    const renamed: any = scoredFollowUpGraph();
    renamed.nodes[0].data.note = 'acknowledged before the crash';
    const acknowledged = await tool(running.url, 'update-campaign-workflow', {
      campaignId: draftId,
      expectedUpdatedAt: saved.updated_at,
      workflow_definition: renamed,
    });
    running.child.kill('SIGKILL');
    expect((await running.exited).signal).toBe('SIGKILL');

    running = await startServerProcess(env);
    const after = await tool(running.url, 'get-campaign', { campaignId: draftId });
    expect(after).toEqual(acknowledged);
    expect((await tool(running.url, 'list-campaign-versions', { campaignId: draftId })).items).toHaveLength(3);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    running = undefined;
  }, 180_000);
});

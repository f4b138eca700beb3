import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { newWorkspace, testEnv } from '../testing/fixtures';
import { childEnv, startServerProcess } from '../testing/processes';
import { openChanges, type ChangeStream } from '../testing/change-stream';
import { createDraft, ok } from '../testing/campaigns';
import { toolCallBody } from '../../domain/contract/tool-call';

/**
 * Contract 8.5 across server processes (the rest is in changes.int.test.ts): a change reaches the
 * streams of another process on the same PostgreSQL, and SIGTERM ends every open stream.
 */

const streams: ChangeStream[] = [];
afterAll(() => streams.forEach((s) => s.close()));

// PostgreSQL only (PGlite has one process): a second server process on the suite's database.
describe.runIf(Boolean(testEnv().databaseUrl))('two server processes on one PostgreSQL', () => {
  it('a save on one process reaches a stream opened on the other, both ways', async () => {
    const ws = await newWorkspace();
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-changes-'));
    const second = await startServerProcess(childEnv(dataDir, { DATABASE_URL: testEnv().databaseUrl!, DEMO_DATA: '0' }), 120_000);
    try {
      const draft = await createDraft(ws);
      const onSecond = await openChanges(second.url, ws.apiKey, draft.campaignId);
      const onFirst = await openChanges(testEnv().baseUrl, ws.apiKey, draft.campaignId);
      streams.push(onSecond, onFirst);
      const saved = await ok(ws.apiKey, 'update-campaign-workflow', {
        campaignId: draft.campaignId,
        expectedUpdatedAt: draft.updated_at,
        workflow_definition: connectionOnlyGraph(),
      });
      expect(await onSecond.next()).toMatchObject({ updated_at: saved.updated_at, via: 'mcp' });
      expect(await onFirst.next()).toMatchObject({ updated_at: saved.updated_at });
      // And back: a launch through the second process reaches the first.
      const res = await fetch(`${second.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json', 'X-Client-Id': 'second' },
        body: JSON.stringify(
          toolCallBody(1, 'launch-campaign', { campaignId: draft.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true }),
        ),
      });
      const launched = ((await res.json()) as { result: { structuredContent: { updated_at: string } } }).result.structuredContent;
      expect(await onFirst.next()).toMatchObject({ updated_at: launched.updated_at, status: 'active', clientId: 'second' });
      expect(await onSecond.next()).toMatchObject({ updated_at: launched.updated_at, status: 'active' });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('shutdown with open streams', () => {
  it('SIGTERM ends every open stream and the process exits at once', async () => {
    const key = `changes-shutdown-key-${'z'.repeat(24)}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-changes-'));
    const server = await startServerProcess(childEnv(dataDir, { DEMO_API_KEY: key }), 120_000);
    try {
      const list = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(toolCallBody(1, 'list-campaigns', {})),
      });
      const [campaign] = ((await list.json()) as { result: { structuredContent: { items: { campaignId: string }[] } } }).result
        .structuredContent.items;
      const res = await fetch(`${server.url}/api/v1/campaigns/${campaign.campaignId}/changes`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain(': listening');
      server.child.kill('SIGTERM');
      // The stream ends (done) instead of hanging until the 10 s grace period cuts its connection (a
      // cut connection rejects this read instead of ending it), and the process exits cleanly.
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      expect((await server.exited).code).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

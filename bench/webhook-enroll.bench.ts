import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionOnlyGraph } from '../src/domain/testing/fixtures';
import { createAccount, createApiKey, createWorkspace } from '../src/server/admin/ops';
import { childEnv, startServerProcess } from '../src/server/testing/processes';
import { startReceiver } from '../src/server/testing/webhooks';
import { withScratchPostgres } from './support/scratch-postgres';

/**
 * Issue 33's webhook figure, measured as its probe did: a server process on PostgreSQL (black box,
 * default settings), one endpoint subscribed to `prospect.enrolled` at a local receiver answering
 * 204, 10,000 prospects imported, then ONE enroll of all of them — 10,000 deliveries queued in that
 * transaction. Deliveries/s = 10,000 ÷ the receiver's time from its first request to its
 * 10,000th. Same-run reference: 10,000 single-row UPDATEs on that database. Goal ≥ 500/s.
 */

const PROSPECTS = 10_000;

async function call(url: string, apiKey: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function runWebhookEnrollBacklogPostgres(): Promise<void> {
  await withScratchPostgres('cs_bench_enroll_hooks', async (db, url) => {
    const receiver = await startReceiver(204);
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-enroll-hooks-'));
    const server = await startServerProcess(childEnv(dataDir, { DATABASE_URL: url, DEMO_DATA: '0' }));
    try {
      const { workspaceId } = await createWorkspace(db, `enroll-hooks-${Date.now()}`);
      const { apiKey } = await createApiKey(db, [workspaceId]);
      const { accountId } = await createAccount(db, workspaceId, { channel: 'professional_network', name: 'Sam Sender' });
      await call(server.url, apiKey, 'POST', '/api/v1/webhook-endpoints', { url: receiver.url, eventTypes: ['prospect.enrolled'] });
      const prospects = Array.from({ length: PROSPECTS }, (_, i) => ({
        profileUrl: `https://www.linkedin.com/in/enroll-hooks-${i}`,
        name: `Person ${i}`,
        company: `Company ${i % 300}`,
      }));
      await call(server.url, apiKey, 'POST', '/api/v1/prospects/import', { prospects });
      const ids = (await db.query<{ id: string }>('SELECT id FROM prospects WHERE workspace_id = $1', [workspaceId])).rows.map((r) => r.id);
      const campaign = await db.query<{ id: string }>(
        `INSERT INTO campaigns (workspace_id, name, sender_account_ids) VALUES ($1, 'Backlog', ARRAY[$2::uuid]) RETURNING id`,
        [workspaceId, accountId],
      );
      const graph = connectionOnlyGraph();
      await db.query(
        `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 1, $2, now(), $3, $4)`,
        [campaign.rows[0]!.id, JSON.stringify(graph), graph.nodes.length, graph.edges.length],
      );
      const enrolledAt = performance.now();
      await call(server.url, apiKey, 'POST', `/api/v1/campaigns/${campaign.rows[0]!.id}/enrollments`, { prospectIds: ids });
      const answered = performance.now();
      while (receiver.received.length < PROSPECTS && performance.now() - answered < 180_000) await new Promise((r) => setTimeout(r, 20));
      // From the first delivery to the last: the queue's drain, whatever the enroll itself took.
      const times = receiver.received.map((r) => r.at);
      const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
      const delivered = receiver.received.length;

      await db.query(`CREATE TABLE bench_reference (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`);
      await db.query(`INSERT INTO bench_reference (id) SELECT generate_series(1, $1)`, [PROSPECTS]);
      const refStart = performance.now();
      for (let i = 1; i <= PROSPECTS; i++) await db.query('UPDATE bench_reference SET n = n + 1 WHERE id = $1', [i]);
      const refSeconds = (performance.now() - refStart) / 1000;
      console.log(
        `  PostgreSQL, one enroll of ${PROSPECTS} (answered in ${Math.round(answered - enrolledAt)} ms): ${delivered} prospect.enrolled delivered in ${seconds.toFixed(1)} s` +
          ` = ${Math.round(delivered / seconds)} deliveries/s (goal ≥ 500) ${delivered / seconds >= 500 ? 'OK' : 'MISSED'}` +
          ` | reference: ${PROSPECTS} single-row UPDATEs in ${refSeconds.toFixed(1)} s = ${Math.round(PROSPECTS / refSeconds)}/s`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

import { withScratchPostgres } from './support/scratch-postgres';
import { createWorkspace } from '../src/server/admin/ops';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/types';
import { openMigratedPglite } from '../src/server/testing/migrated-pglite';
import { startWebhookDispatcher } from '../src/server/webhooks/dispatcher';
import { createEndpoint } from '../src/server/webhooks/queries';
import { startReceiver } from '../src/server/testing/webhooks';

/**
 * Backlog drain (the job loop on a large queue): 10,000 pending deliveries to one local receiver
 * that answers 204 at once, default concurrency caps (64 in flight, 4 per endpoint). Measured on the
 * embedded database and on PostgreSQL (DATABASE_URL, else the local default, when reachable; a fresh
 * database is created and dropped). Reference in the same run: 10,000 single-row UPDATEs in one loop
 * on that database. Goal: ≥ 500 deliveries/s on PostgreSQL.
 */

const BACKLOG = 10_000;

async function drain(label: string, db: Db): Promise<void> {
  const receiver = await startReceiver(204);
  const config = { ...loadConfig({ HOST: '127.0.0.1' }), webhookPollMs: 500 };
  try {
    const { workspaceId } = await createWorkspace(db, `drain-${Date.now()}`);
    const { endpointId } = await createEndpoint(db, workspaceId, receiver.url, []);
    await db.query(
      `INSERT INTO events (id, workspace_id, type, body)
       SELECT 'msg_drain_' || n, $1, 'inspiration.saved', '{"n":' || n || '}' FROM generate_series(1, $2) n`,
      [workspaceId, BACKLOG],
    );
    await db.query(
      `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, created_at)
       SELECT $1, $2, 'msg_drain_' || n, now() + n * interval '1 microsecond' FROM generate_series(1, $3) n`,
      [workspaceId, endpointId, BACKLOG],
    );
    await db.query('ANALYZE webhook_deliveries');

    const start = performance.now();
    const dispatcher = startWebhookDispatcher({ db, config });
    let delivered = 0;
    while (delivered < BACKLOG && performance.now() - start < 120_000) {
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'delivered'`,
        [endpointId],
      );
      delivered = rows[0].n;
    }
    const seconds = (performance.now() - start) / 1000;
    await dispatcher.stop();

    const refStart = performance.now();
    for (let i = 1; i <= BACKLOG; i++) await db.query('UPDATE events SET body = body WHERE id = $1', [`msg_drain_${i}`]);
    const refSeconds = (performance.now() - refStart) / 1000;

    console.log(
      `${label}: ${delivered} of ${BACKLOG} delivered in ${seconds.toFixed(1)} s = ${Math.round(delivered / seconds)} deliveries/s` +
        ` (receiver saw ${receiver.received.length}); reference: ${BACKLOG} single-row UPDATEs in ${refSeconds.toFixed(1)} s = ${Math.round(BACKLOG / refSeconds)}/s`,
    );
  } finally {
    await receiver.close();
  }
}

export async function runWebhookDrainEmbedded(): Promise<void> {
  const db = await openMigratedPglite();
  try {
    await drain('embedded (PGlite)', db);
  } finally {
    await db.close();
  }
}

export async function runWebhookDrainPostgres(): Promise<void> {
  await withScratchPostgres('cs_bench_drain', (db) => drain('PostgreSQL', db));
}

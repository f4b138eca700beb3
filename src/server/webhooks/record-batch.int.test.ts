import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../admin/ops';
import { loadConfig } from '../config';
import { engineDbPerFile } from '../testing/engine-db';
import { claimDue, recordDelivered, type ClaimedDelivery, type DeliveredAttempt } from './attempts';
import { createEndpoint } from './queries';

/** 2xx answers recorded together (contract 8.3: the attempt count never lies), on PGlite or PostgreSQL (DATABASE_URL). */

const db = engineDbPerFile();
const config = { ...loadConfig({}), webhookEndpointConcurrency: 4 };
const answered = (d: ClaimedDelivery): DeliveredAttempt => ({
  d,
  startedAt: new Date(),
  outcome: { ok: true, status: 204, error: null, excerpt: 'ok', retryAfterMs: null, durationMs: 3, interrupted: false },
});

describe('recording a group of 2xx answers', () => {
  it('delivers each one, except a delivery whose lease was taken over by a later attempt', async () => {
    const { workspaceId } = await createWorkspace(db, `record-batch-${Date.now()}`);
    const { endpointId } = await createEndpoint(db, workspaceId, 'http://192.0.2.1/hook', []);
    await db.query(
      `INSERT INTO events (id, workspace_id, type, body) SELECT 'msg_batch_' || n, $1, 'inspiration.saved', '{}' FROM generate_series(1, 3) n`,
      [workspaceId],
    );
    await db.query(
      `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, created_at)
       SELECT $1, $2, 'msg_batch_' || n, now() + n * interval '1 ms' FROM generate_series(1, 3) n`,
      [workspaceId, endpointId],
    );
    const claimed = await claimDue(db, config, 3);
    expect(claimed).toHaveLength(3);
    const [, takenOver] = claimed;
    // Its lease ran out mid-attempt and another process claimed it: a second attempt, still in flight.
    await db.query(`UPDATE webhook_deliveries SET locked_until = now() - interval '1 s' WHERE id = $1`, [takenOver.id]);
    const [again] = await claimDue(db, config, 1);
    expect(again).toMatchObject({ id: takenOver.id, attempts: 2 });

    await recordDelivered(db, claimed.map(answered));

    const { rows } = await db.query<{ id: string; status: string; attempts: number; leased: boolean }>(
      'SELECT id, status, attempts, locked_until IS NOT NULL AS leased FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpointId],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(claimed[0].id)).toMatchObject({ status: 'delivered', attempts: 1, leased: false });
    expect(byId.get(claimed[2].id)).toMatchObject({ status: 'delivered', attempts: 1, leased: false });
    expect(byId.get(takenOver.id)).toMatchObject({ status: 'pending', attempts: 2, leased: true });
    const attempts = await db.query<{ status: number | null; error: string | null }>(
      'SELECT status, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id',
      [takenOver.id],
    );
    // The first attempt's answer is kept; the second still says no answer recorded.
    expect(attempts.rows.map((a) => a.status)).toEqual([204, null]);
    expect(attempts.rows[1].error).not.toBeNull();
  });
});

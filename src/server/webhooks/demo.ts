import type { Config } from '../config';
import type { Db } from '../db/types';
import { emitEvent } from '../events';
import { createEndpoint } from './queries';

/**
 * Demo webhooks: one endpoint at the built-in sink (its deliveries are delivered by the dispatcher
 * after start) and one at the failing sink, plus a short history of delivered and exhausted
 * deliveries so the deliveries view and redelivery have something to show.
 */
export async function seedWebhooks(db: Db, workspaceId: string, config?: Config): Promise<void> {
  const host = config && !['0.0.0.0', '::', '[::]'].includes(config.host) ? config.host : '127.0.0.1';
  const base = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config?.port || 8787}`;
  const ok = await createEndpoint(db, workspaceId, `${base}/webhook-sink`, []);
  await createEndpoint(db, workspaceId, `${base}/webhook-sink/fail`, ['inspiration.saved', 'campaign.launched']);
  const retries = config?.webhookRetryDelaysMs.length ?? 6;
  // History: events of the last days, already attempted (written straight to their final state).
  for (let day = 6; day >= 1; day--) {
    const eventId = await emitEvent(db, workspaceId, 'inspiration.saved', { demo: true, note: `Saved inspiration #${day}` });
    await db.query(
      `UPDATE webhook_deliveries SET created_at = date_trunc('milliseconds', now() - make_interval(days => $2)), next_attempt_at = NULL,
         last_attempt_at = now() - make_interval(days => $2), status = CASE WHEN endpoint_id = $3 THEN 'delivered' ELSE 'exhausted' END,
         attempts = CASE WHEN endpoint_id = $3 THEN 1 ELSE $4 END, last_response_status = CASE WHEN endpoint_id = $3 THEN 204 ELSE 500 END
       WHERE event_id = $1`,
      [eventId, day, ok.endpointId, retries + 1],
    );
    // Their attempt log, as the delivery detail shows it.
    await db.query(
      `INSERT INTO webhook_attempts (delivery_id, at, status, duration_ms, response_body_excerpt, error)
       SELECT d.id, d.last_attempt_at - make_interval(mins => n.i * 7), d.last_response_status, 40 + n.i * 3,
         CASE WHEN d.status = 'delivered' THEN '' ELSE 'demo sink: always fails' END, CASE WHEN d.status = 'delivered' THEN NULL ELSE 'HTTP 500' END
       FROM webhook_deliveries d CROSS JOIN generate_series(0, $2 - 1) AS n(i)
       WHERE d.event_id = $1 AND n.i < d.attempts`,
      [eventId, retries + 1],
    );
  }
  // Fresh events: the dispatcher sends these right after start.
  await emitEvent(db, workspaceId, 'campaign.launched', { demo: true, note: 'Launched a demo campaign' });
  await emitEvent(db, workspaceId, 'conversation.message_received', { demo: true, note: 'A prospect replied' });
}

import { randomUUID } from 'node:crypto';
import type { DeliveryEventType, EventType } from '../domain/contract/webhooks';
import { announceCampaignChange } from './campaigns/changes';
import type { Queryable } from './db/types';
import { WITHOUT_REQUEST, type ChangeOrigin } from './http/change-origin';
import type { Subscriber } from './outbox';
import { queueDeliveries } from './webhooks/fan-out';

/**
 * The outbox. An event is written in the transaction of the change that causes it (contract 6), its
 * body frozen then, and handed to every subscriber in that same transaction. A subscriber only writes
 * cheap fan-out rows or a pg_notify there — work that takes time (sending) is a job-loop source
 * (jobs/loop.ts) run after commit from those rows, so a rollback leaves nothing behind.
 */
/** Every subscriber, in the order they run: webhooks (deliveries), live changes (contract 8.5). */
const SUBSCRIBERS: Subscriber[] = [queueDeliveries, announceCampaignChange];

/** Writes the event with its body frozen as text (`{"id","type","timestamp","workspaceId","data"}`); returns its id. */
export async function insertEvent(tx: Queryable, workspaceId: string, type: DeliveryEventType, data: unknown): Promise<string> {
  const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({ id: eventId, type, timestamp, workspaceId, data });
  await tx.query('INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
    eventId,
    workspaceId,
    type,
    body,
    timestamp,
  ]);
  return eventId;
}

/** Writes an event in the caller's transaction and fans it out to the subscribers; returns its id. */
export async function emitEvent(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: unknown,
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<string> {
  const id = await insertEvent(tx, workspaceId, type, data);
  for (const subscriber of SUBSCRIBERS) await subscriber(tx, { id, workspaceId, type, data, origin });
  return id;
}

import { randomUUID } from 'node:crypto';
import type { DeliveryEventType, EventType } from '../domain/contract/webhooks';
import { announceCampaignChange } from './campaigns/changes';
import type { Queryable } from './db/types';
import { WITHOUT_REQUEST, type ChangeOrigin } from './http/change-origin';
import type { Subscriber } from './outbox';
import { queueDeliveries } from './webhooks/fan-out';
import { toIso } from '../domain/time';

/**
 * The outbox. An event is written in the transaction of the change that causes it (contract 6), its
 * body frozen then, and handed to every subscriber in that same transaction. A subscriber only writes
 * cheap fan-out rows or a pg_notify there — work that takes time (sending) is a job-loop source
 * (jobs/loop.ts) run after commit from those rows, so a rollback leaves nothing behind.
 */
/** Every subscriber, in the order they run: webhooks (deliveries), live changes (contract 8.5). */
const SUBSCRIBERS: Subscriber[] = [queueDeliveries, announceCampaignChange];

/** Writes events of one type with their bodies frozen as text (`{"id","type","timestamp","workspaceId","data"}`), in one statement; returns their ids. */
async function insertEvents(tx: Queryable, workspaceId: string, type: DeliveryEventType, data: readonly unknown[]): Promise<string[]> {
  const timestamp = toIso(Date.now());
  const ids = data.map(() => `msg_${randomUUID().replace(/-/g, '')}`);
  const bodies = data.map((d, i) => JSON.stringify({ id: ids[i], type, timestamp, workspaceId, data: d }));
  await tx.query(
    'INSERT INTO events (id, workspace_id, type, body, created_at) SELECT id, $1, $2, body, $3 FROM unnest($4::text[], $5::text[]) AS e(id, body)',
    [workspaceId, type, timestamp, ids, bodies],
  );
  return ids;
}

/** Writes one event with its body frozen; returns its id. */
export async function insertEvent(tx: Queryable, workspaceId: string, type: DeliveryEventType, data: unknown): Promise<string> {
  return (await insertEvents(tx, workspaceId, type, [data]))[0];
}

/**
 * Writes events of one type (one per item of `data`, e.g. one `prospect.enrolled` per enrollment) in
 * the caller's transaction and hands them to the subscribers as one batch: a constant number of
 * statements whatever their count. Returns their ids.
 */
export async function emitEvents(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: readonly unknown[],
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<string[]> {
  if (data.length === 0) return [];
  const ids = await insertEvents(tx, workspaceId, type, data);
  const events = ids.map((id, i) => ({ id, workspaceId, type, data: data[i], origin }));
  for (const subscriber of SUBSCRIBERS) await subscriber(tx, events);
  return ids;
}

/** Writes an event in the caller's transaction and fans it out to the subscribers; returns its id. */
export async function emitEvent(
  tx: Queryable,
  workspaceId: string,
  type: EventType,
  data: unknown,
  origin: ChangeOrigin = WITHOUT_REQUEST,
): Promise<string> {
  return (await emitEvents(tx, workspaceId, type, [data], origin))[0];
}

import { randomUUID } from 'node:crypto';
import type { DeliveryEventType, EventType } from '../domain/contract/webhooks';
import type { Queryable } from './db/types';
import { WITHOUT_REQUEST, type ChangeOrigin } from './http/change-origin';
import type { Subscriber } from './outbox';

/**
 * The outbox. An event is written in the transaction of the change that causes it (contract 6), its
 * body frozen then, and handed to every subscriber in that same transaction. A subscriber only writes
 * cheap fan-out rows or a pg_notify there — work that takes time (sending) is a job-loop source
 * (jobs/loop.ts) run after commit from those rows, so a rollback leaves nothing behind. The
 * subscribers sit above the outbox and are registered by main.ts: it imports none of them.
 */
let subscribers: readonly Subscriber[] = [];

/** main.ts registers the subscribers once, in the order they run (webhook deliveries, live changes, the run engine). */
export function registerSubscribers(list: readonly Subscriber[]): void {
  subscribers = list;
}

/**
 * Writes events of one type with their bodies frozen as text (`{"id","type","timestamp","workspaceId","data"}`),
 * in one statement; returns their ids. The timestamp is the one clock's (contract 10), as the engine's times are.
 */
async function insertEvents(tx: Queryable, workspaceId: string, type: DeliveryEventType, data: readonly unknown[]): Promise<string[]> {
  const ids = data.map(() => `msg_${randomUUID().replace(/-/g, '')}`);
  const heads = ids.map((id) => JSON.stringify({ id, type }).slice(0, -1));
  const tails = data.map((d) => JSON.stringify({ workspaceId, data: d }).slice(1));
  await tx.query(
    `INSERT INTO events (id, workspace_id, type, body, created_at)
     SELECT e.id, $1, $2, e.head || ',"timestamp":"' || to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '",' || e.tail, t.at
     FROM unnest($3::text[], $4::text[], $5::text[]) AS e(id, head, tail), (SELECT date_trunc('milliseconds', clock_now()) AS at) t`,
    [workspaceId, type, ids, heads, tails],
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
  for (const subscriber of subscribers) await subscriber(tx, events);
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

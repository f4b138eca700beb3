import type { EventType } from '../domain/contract/webhooks';
import type { Queryable } from './db/types';
import type { ChangeOrigin } from './http/change-origin';

/** What an outbox subscriber (listed once in `events.ts`) receives, in the event's transaction. */
export interface OutboxEvent {
  id: string;
  workspaceId: string;
  type: EventType;
  data: unknown;
  /** Who caused it (the request's X-Client headers), for live views; not part of the body. */
  origin: ChangeOrigin;
}

/** A subscriber receives the events of one `emitEvents` call together: one workspace, one type. */
export type Subscriber = (tx: Queryable, events: readonly OutboxEvent[]) => Promise<void>;

import type { ConversationReplies, IngestMessageBody } from '../domain/contract/conversations';
import type { Queryable } from './db/types';

/**
 * What resources ask of the run engine inside their own transaction (contract 9.3, 9.4). Resources
 * sit below the engine and never import it: main.ts registers the engine's answers once, at start
 * (ARCHITECTURE.md, server layers).
 */

/** A message recorded by the contract 7 ingest: new, or the first one of its externalMessageId again. */
export interface IngestResult {
  created: boolean;
  conversationId: string;
  messageId: string;
}

export type QueuedReply = { ok: true; actionId: string } | { ok: false; why: 'not_found' | 'limit' };

export interface EngineHooks {
  /** Contract 7 ingest with 9.3 stop on reply: a new inbound message ends its prospect's running enrollments with that sender. */
  ingest(tx: Queryable, workspaceId: string, channel: string, message: IngestMessageBody): Promise<IngestResult>;
  /** A campaign's senders changed (contract 9.4): what a removed sender had not yet offered goes back to the engine. */
  sendersChanged(tx: Queryable, campaignId: string): Promise<void>;
  /** A sender's daily limits changed: the slots it holds above a lowered limit are given back. */
  limitsChanged(tx: Queryable, accountId: string): Promise<void>;
  /** Contract 9.4 reply from the inbox: queued as a message action on the sender's message limit. */
  queueReply(tx: Queryable, workspaceId: string, conversationId: string, text: string): Promise<QueuedReply>;
  /** The conversation's replies from the inbox and its sender's messages of today; null when it is not there. */
  replies(db: Queryable, workspaceId: string, conversationId: string): Promise<ConversationReplies | null>;
}

let registered: EngineHooks | undefined;

/** main.ts (and the engine's test harness) registers the engine once, before anything runs. */
export function registerEngineHooks(hooks: EngineHooks): void {
  registered = hooks;
}

export function engineHooks(): EngineHooks {
  if (!registered) throw new Error('The run engine is not registered: main.ts registers it before the server starts.');
  return registered;
}

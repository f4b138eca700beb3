import type { IngestMessageBody } from '../../domain/contract/conversations';
import type { ExecutorEventAnswer, ExecutorEventInput } from '../../domain/contract/executors';
import { DEFAULT_ACTION_SPACING_S } from '../../domain/contract/runs';
import { systemClock, type Clock } from '../../domain/run/clock';
import { normaliseProfileUrl } from '../../domain/profile-url';
import { ingestInTx, type IngestResult } from '../conversations/ingest';
import { getAccount } from '../conversations/queries';
import type { Db, Queryable } from '../db/types';
import { invalidRequest, notFound } from '../http/errors';
import { applyProspectEvent, type EngineDeps } from '../runs/engine';
import { sandboxExecutor } from '../runs/sandbox';

/**
 * Contract 9.3 stop on reply and 9.4 connector events: an inbound message (REST ingest or an
 * executor's `message_received`) or another prospect event moves the prospect's running
 * enrollments with that sender, in the same transaction as the inbox write.
 */

/** What moving an enrollment outside the worker needs (the walker may start the next step's action). */
export function eventDeps(db: Db, clock: Clock = systemClock, spacingMs = DEFAULT_ACTION_SPACING_S * 1000): EngineDeps {
  return { db, clock, executor: sandboxExecutor(db, clock), spacingMs, random: Math.random, batch: 100, leaseMs: 60_000 };
}

/**
 * Contract 7 ingest plus stop on reply: a new inbound message from a conversation whose contact has a
 * profile URL reaches that prospect's running enrollments with this sender (an outbound copy never does).
 */
export async function ingestInboundInTx(
  tx: Queryable,
  deps: EngineDeps,
  workspaceId: string,
  channel: string,
  m: IngestMessageBody,
  options: { sandbox?: boolean } = {},
): Promise<IngestResult & { moved: number }> {
  const result = await ingestInTx(tx, workspaceId, channel, m, options);
  if (!result.created || m.direction !== 'inbound') return { ...result, moved: 0 };
  const contact = await tx.query<{ contact_profile_url: string | null }>('SELECT contact_profile_url FROM conversations WHERE id = $1', [
    result.conversationId,
  ]);
  const profileUrl = normaliseProfileUrl(contact.rows[0]?.contact_profile_url ?? '');
  if (profileUrl === null) return { ...result, moved: 0 };
  const moved = await applyProspectEvent(tx, deps, {
    workspaceId,
    accountId: m.accountId,
    profileUrl,
    event: 'message_received',
    text: m.text,
  });
  return { ...result, moved };
}

/** The REST ingest (contract 7) with stop on reply, in one transaction. */
export async function ingestWithStopOnReply(
  deps: EngineDeps,
  workspaceId: string,
  channel: string,
  m: IngestMessageBody,
): Promise<IngestResult> {
  return deps.db.transaction((tx) => ingestInboundInTx(tx, deps, workspaceId, channel, m));
}

/** POST /api/v1/executor/events: the account must be the workspace's; a repeated externalMessageId changes nothing. */
export async function receiveExecutorEvent(deps: EngineDeps, workspaceId: string, e: ExecutorEventInput): Promise<ExecutorEventAnswer> {
  const profileUrl = normaliseProfileUrl(e.profileUrl);
  if (profileUrl === null)
    throw invalidRequest('The profile URL is not an absolute http(s) URL.', [{ path: 'profileUrl', message: 'must be an http(s) URL' }]);
  const account = await getAccount(deps.db, workspaceId, e.accountId.toLowerCase());
  if (!account) throw notFound('Account');
  return deps.db.transaction(async (tx) => {
    if (e.type === 'message_received') {
      const prospect = await tx.query<{ name: string | null }>('SELECT name FROM prospects WHERE workspace_id = $1 AND profile_url = $2', [
        workspaceId,
        profileUrl,
      ]);
      const ingested = await ingestInboundInTx(tx, deps, workspaceId, account.channel, {
        accountId: account.id,
        // One conversation per sender and person when the connector names none.
        externalConversationId: e.externalConversationId ?? profileUrl,
        externalMessageId: e.externalMessageId!,
        contact: { name: prospect.rows[0]?.name || profileUrl, profileUrl },
        direction: 'inbound',
        text: e.text!,
        sentAt: e.at,
      });
      return { moved: ingested.moved, conversationId: ingested.conversationId, messageId: ingested.messageId };
    }
    const moved = await applyProspectEvent(tx, deps, {
      workspaceId,
      accountId: account.id,
      profileUrl,
      event: e.type,
      ...(e.text !== undefined ? { text: e.text } : {}),
    });
    return { moved, conversationId: null, messageId: null };
  });
}

import { createHash } from 'node:crypto';
import type { IngestMessageBody } from '../../domain/contract/conversations';
import type { ExecutorEventAnswer, ExecutorEventInput } from '../../domain/contract/executors';
import { normaliseProfileUrl } from '../../domain/profile-url';
import { ingestInTx } from '../conversations/ingest';
import { getAccount } from '../conversations/queries';
import type { Queryable } from '../db/types';
import { sandboxMessageBody, takeDueSandboxEvents } from '../executors/sandbox';
import type { IngestResult } from '../hooks';
import { invalidRequest, notFound } from '../http/errors';
import { beginClaim } from './claiming';
import { applyProspectEvent, applyProspectEvents, type ProspectEvent } from './engine';
import type { EngineDeps, EngineSettings } from './engine-deps';
import { toIso } from '../../domain/time';

/**
 * What reaches the engine from outside the worker (contract 9.3 stop on reply, 9.4 events): an
 * inbound message — from the REST ingest, an executor's `message_received` or the sandbox — goes
 * through `receiveInbound`, the one place it becomes stop on reply; any other prospect event
 * through `applyProspectEvent`. Each in the same transaction as the inbox write.
 */

/**
 * Contract 7 ingest plus stop on reply: a new inbound message from a contact with a profile URL
 * reaches that prospect's running enrollments with this sender (an outbound copy never does).
 */
export async function receiveInbound(
  tx: Queryable,
  settings: EngineSettings,
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
  const moved = await applyProspectEvent(tx, settings, {
    workspaceId,
    accountId: m.accountId,
    profileUrl,
    event: 'message_received',
    text: m.text,
  });
  return { ...result, moved };
}

/**
 * Contract 10.2: a `message_received` without an externalMessageId is the same message when its
 * account, profile URL, instant and text are — its id is derived from them.
 */
export const derivedMessageId = (e: { accountId: string; profileUrl: string; at: string; text: string }): string =>
  `event:${createHash('sha256')
    .update(JSON.stringify([e.accountId.toLowerCase(), e.profileUrl, toIso(e.at), e.text]))
    .digest('hex')}`;

/** POST /api/v1/executor/events: the account must be the workspace's; the same message again changes nothing. */
export async function receiveExecutorEvent(
  db: EngineDeps['db'],
  settings: EngineSettings,
  workspaceId: string,
  e: ExecutorEventInput,
): Promise<ExecutorEventAnswer> {
  const profileUrl = normaliseProfileUrl(e.profileUrl);
  if (profileUrl === null)
    throw invalidRequest('The profile URL is not an absolute http(s) URL.', [{ path: 'profileUrl', message: 'must be an http(s) URL' }]);
  const account = await getAccount(db, workspaceId, e.accountId.toLowerCase());
  if (!account) throw notFound('Account');
  return db.transaction(async (tx) => {
    if (e.type === 'message_received') {
      const text = e.text ?? '';
      const prospect = await tx.query<{ name: string | null }>('SELECT name FROM prospects WHERE workspace_id = $1 AND profile_url = $2', [
        workspaceId,
        profileUrl,
      ]);
      const ingested = await receiveInbound(tx, settings, workspaceId, account.channel, {
        accountId: account.id,
        // One conversation per sender and person when the connector names none.
        externalConversationId: e.externalConversationId ?? profileUrl,
        externalMessageId: e.externalMessageId ?? derivedMessageId({ accountId: account.id, profileUrl, at: e.at, text }),
        contact: { name: prospect.rows[0]?.name || profileUrl, profileUrl },
        direction: 'inbound',
        text,
        sentAt: e.at,
      });
      return { moved: ingested.moved, conversationId: ingested.conversationId, messageId: ingested.messageId };
    }
    const moved = await applyProspectEvent(tx, settings, {
      workspaceId,
      accountId: account.id,
      profileUrl,
      event: e.type,
      ...(e.text !== undefined ? { text: e.text } : {}),
    });
    return { moved, conversationId: null, messageId: null };
  });
}

/** The sandbox's due acceptances and replies reach the engine (a reply through the inbox, like any other); the number delivered. */
export async function deliverSandboxEvents(deps: EngineDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const now = await beginClaim(tx, deps.clock);
    const due = await takeDueSandboxEvents(tx, now, deps.batch);
    // Acceptances and triggers in a row go through one write plan; a reply goes through the inbox.
    let events: ProspectEvent[] = [];
    const applyEvents = async () => {
      if (events.length > 0) await applyProspectEvents(tx, deps, events, now);
      events = [];
    };
    for (const e of due) {
      const person = { workspaceId: e.workspaceId, accountId: e.accountId, profileUrl: e.profileUrl };
      if (e.event !== 'message_received' || e.text === null) {
        events.push({ ...person, event: e.event, ...(e.text !== null ? { text: e.text } : {}) });
        continue;
      }
      await applyEvents();
      const key = `sandbox:reply-${e.id}`;
      const message = await sandboxMessageBody(tx, { ...person, key, direction: 'inbound', text: e.text, at: now });
      if (message) await receiveInbound(tx, deps, e.workspaceId, message.channel, message.body, { sandbox: true });
    }
    await applyEvents();
    return due.length;
  });
}

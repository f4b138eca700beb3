import { normaliseProfileUrl } from '../../domain/profile-url';
import type { IngestMessageBody } from '../../domain/contract/conversations';
import type { Queryable } from '../db/types';
import { emitEvent } from '../events';
import { toIso } from '../../domain/time';
import type { IngestResult } from '../hooks';

/** Recording a message (contract 7), inside a caller's transaction. */

class DuplicateMessage extends Error {}

const findMessage = async (db: Queryable, accountId: string, externalMessageId: string): Promise<IngestResult | undefined> => {
  const { rows } = await db.query<{ id: string; conversation_id: string }>(
    'SELECT id, conversation_id FROM messages WHERE account_id = $1 AND external_message_id = $2',
    [accountId, externalMessageId],
  );
  return rows[0] && { created: false, conversationId: rows[0].conversation_id, messageId: rows[0].id };
};

/**
 * Contract 7 ingest inside the caller's transaction (e.g. a run step that sends a message records it
 * in the same one). The same externalMessageId again (also when two arrive at once) returns the
 * first ids and changes nothing. The conversation's last message moves only to a newer message;
 * inbound adds one unread, a newer outbound (we replied) clears them. The event is written in the
 * same transaction (contract 6).
 */
export async function ingestInTx(
  tx: Queryable,
  workspaceId: string,
  channel: string,
  m: IngestMessageBody,
  /** Contract 9.4: a message of the sandbox's simulated network (marked so in the inbox). */
  options: { sandbox?: boolean } = {},
): Promise<IngestResult> {
  const existing = await findMessage(tx, m.accountId, m.externalMessageId);
  if (existing) return existing;
  const sentAt = toIso(m.sentAt);
  // Contract 10.3: a contact's profile is stored by the one profile URL rule (never refused), so it is
  // matched with its prospect; text that is no http(s) URL is kept as it came.
  const c = m.contact.profileUrl
    ? { ...m.contact, profileUrl: normaliseProfileUrl(m.contact.profileUrl) ?? m.contact.profileUrl }
    : m.contact;
  // A savepoint: a concurrent ingest of the same message that wins undoes only our part of the caller's transaction.
  await tx.query('SAVEPOINT ingest_message');
  try {
    const result = await (async () => {
      const conv = await tx.query<{ id: string }>(
        `INSERT INTO conversations AS c (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
           contact_avatar_url, contact_profile_url, last_message_text, last_message_direction, last_message_at, unread_count, message_texts,
           campaign_id, campaign_node_id, has_inbound)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $9, $16, $17, $10 = 'inbound')
         ON CONFLICT (account_id, external_conversation_id) DO UPDATE SET
           contact_name = CASE WHEN excluded.last_message_at >= c.last_message_at THEN excluded.contact_name ELSE c.contact_name END,
           contact_headline = CASE WHEN $13 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_headline ELSE c.contact_headline END,
           contact_avatar_url = CASE WHEN $14 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_avatar_url ELSE c.contact_avatar_url END,
           contact_profile_url = CASE WHEN $15 AND excluded.last_message_at >= c.last_message_at THEN excluded.contact_profile_url ELSE c.contact_profile_url END,
           last_message_text = CASE WHEN excluded.last_message_at > c.last_message_at THEN excluded.last_message_text ELSE c.last_message_text END,
           last_message_direction = CASE WHEN excluded.last_message_at > c.last_message_at THEN excluded.last_message_direction ELSE c.last_message_direction END,
           last_message_at = GREATEST(c.last_message_at, excluded.last_message_at),
           unread_count = CASE WHEN excluded.last_message_direction = 'outbound' AND excluded.last_message_at > c.last_message_at THEN 0
                               ELSE c.unread_count + excluded.unread_count END,
           message_texts = c.message_texts || E'\\n' || excluded.message_texts,
           -- Contract 8.2: the first non-null campaign context sticks.
           campaign_node_id = CASE WHEN c.campaign_id IS NULL THEN excluded.campaign_node_id ELSE c.campaign_node_id END,
           campaign_id = coalesce(c.campaign_id, excluded.campaign_id),
           has_inbound = c.has_inbound OR excluded.has_inbound,
           updated_at = now()
         RETURNING id`,
        [
          workspaceId,
          m.accountId,
          channel,
          m.externalConversationId,
          c.name,
          c.headline ?? null,
          c.avatarUrl ?? null,
          c.profileUrl ?? null,
          m.text,
          m.direction,
          sentAt,
          m.direction === 'inbound' ? 1 : 0,
          c.headline !== undefined,
          c.avatarUrl !== undefined,
          c.profileUrl !== undefined,
          m.campaignId ?? null,
          m.campaignId ? (m.nodeId ?? null) : null,
        ],
      );
      const conversationId = conv.rows[0].id;
      const msg = await tx.query<{ id: string }>(
        `INSERT INTO messages (workspace_id, account_id, conversation_id, external_message_id, direction, text, sent_at, sandbox)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, external_message_id) DO NOTHING RETURNING id`,
        [workspaceId, m.accountId, conversationId, m.externalMessageId, m.direction, m.text, sentAt, options.sandbox === true],
      );
      // A concurrent ingest of the same message won: undo our conversation update, answer with its ids.
      if (msg.rows.length === 0) throw new DuplicateMessage();
      const messageId = msg.rows[0].id;
      await emitEvent(tx, workspaceId, 'conversation.message_received', {
        conversationId,
        messageId,
        accountId: m.accountId,
        channel,
        externalConversationId: m.externalConversationId,
        externalMessageId: m.externalMessageId,
        direction: m.direction,
        text: m.text,
        sentAt,
        contact: { name: c.name, headline: c.headline ?? null, avatarUrl: c.avatarUrl ?? null, profileUrl: c.profileUrl ?? null },
      });
      return { created: true, conversationId, messageId };
    })();
    await tx.query('RELEASE SAVEPOINT ingest_message');
    return result;
  } catch (err) {
    if (!(err instanceof DuplicateMessage)) throw err;
    await tx.query('ROLLBACK TO SAVEPOINT ingest_message');
    const winner = await findMessage(tx, m.accountId, m.externalMessageId);
    if (!winner) throw err;
    return winner;
  }
}

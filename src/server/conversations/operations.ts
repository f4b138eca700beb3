import { MAX_TAGS, type BulkConversationsBody, type Conversation, type StepStats } from '../../domain/contract/conversations';
import type { Db, Queryable } from '../db/types';
import { ApiError, notFound } from '../http/errors';
import { CONVERSATION_COLUMNS, toConversation, type ConversationRow } from './queries';

/** Inbox operations (contract 8.2): read state, bulk actions, campaign context and step counts. */

/** Contract 8.2 read state: read clears the unread count, unread makes it at least 1. Idempotent. */
export async function setRead(db: Queryable, workspaceId: string, id: string, read: boolean): Promise<Conversation | undefined> {
  const { rows } = await db.query<ConversationRow>(
    `UPDATE conversations c SET unread_count = CASE WHEN $3 THEN 0 ELSE GREATEST(c.unread_count, 1) END,
       updated_at = CASE WHEN (c.unread_count = 0) = $3 THEN c.updated_at ELSE now() END
     WHERE c.id = $1 AND c.workspace_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
    [id, workspaceId, read],
  );
  return rows[0] && toConversation(rows[0]);
}

/**
 * Contract 8.2 bulk action, one transaction: every id must be a conversation of the workspace (else
 * 404 naming the first that is not, nothing changed). Answers how many conversations it covered.
 */
export async function bulkUpdate(db: Db, workspaceId: string, body: BulkConversationsBody): Promise<number> {
  const ids = [...new Set(body.conversationIds.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; tags: string[] }>(
      'SELECT id, tags FROM conversations WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE',
      [workspaceId, ids],
    );
    const found = new Map(rows.map((r) => [r.id, r.tags]));
    const index = body.conversationIds.findIndex((id) => !found.has(id.toLowerCase()));
    if (index >= 0) {
      const missing = body.conversationIds[index];
      throw new ApiError(404, 'not_found', `Conversation ${missing} not found in this workspace; nothing was changed.`, {
        errors: [{ path: `conversationIds.${index}`, message: 'not a conversation of this workspace' }],
      });
    }
    const tag = body.tag ?? '';
    const lower = tag.toLowerCase();
    switch (body.action) {
      case 'mark_read':
      case 'mark_unread':
        await tx.query(
          `UPDATE conversations SET unread_count = CASE WHEN $2 THEN 0 ELSE GREATEST(unread_count, 1) END, updated_at = now()
           WHERE id = ANY($1::uuid[])`,
          [ids, body.action === 'mark_read'],
        );
        break;
      case 'add_tag': {
        const full = body.conversationIds.findIndex((id) => {
          const tags = found.get(id.toLowerCase())!;
          return tags.length >= MAX_TAGS && !tags.some((t) => t.toLowerCase() === lower);
        });
        if (full >= 0)
          throw new ApiError(400, 'invalid_request', `A conversation already has ${MAX_TAGS} tags; nothing was changed.`, {
            errors: [{ path: `conversationIds.${full}`, message: `already has ${MAX_TAGS} tags` }],
          });
        await tx.query(
          `UPDATE conversations SET tags = tags || $2::text, tags_lower = tags_lower || $3::text, updated_at = now()
           WHERE id = ANY($1::uuid[]) AND NOT (tags_lower @> ARRAY[$3::text])`,
          [ids, tag, lower],
        );
        break;
      }
      case 'remove_tag':
        await tx.query(
          `UPDATE conversations SET tags = ARRAY(SELECT t FROM unnest(tags) AS t WHERE lower(t) <> $2),
             tags_lower = array_remove(tags_lower, $2), updated_at = now()
           WHERE id = ANY($1::uuid[]) AND tags_lower @> ARRAY[$2::text]`,
          [ids, lower],
        );
        break;
    }
    return ids.length;
  });
}

/** True when `campaignId` is a campaign of the workspace (and `nodeId`, when given, a node of its saved graph). */
export async function campaignStep(
  db: Queryable,
  workspaceId: string,
  campaignId: string,
  nodeId: string | null,
): Promise<'ok' | 'no_campaign' | 'no_node'> {
  const { rows } = await db.query<{ workflow_definition: string }>(
    `SELECT v.workflow_definition FROM campaigns cp JOIN campaign_versions v ON v.campaign_id = cp.id AND v.version = cp.graph_version
     WHERE cp.id = $1 AND cp.workspace_id = $2`,
    [campaignId, workspaceId],
  );
  if (!rows[0]) return 'no_campaign';
  if (nodeId === null) return 'ok';
  const graph = JSON.parse(rows[0].workflow_definition) as { nodes?: { id?: unknown }[] };
  return Array.isArray(graph.nodes) && graph.nodes.some((n) => n?.id === nodeId) ? 'ok' : 'no_node';
}

/** Contract 8.2: per step of the campaign, its conversations, how many the contact replied in, how many await our reply. */
export async function stepStats(db: Queryable, workspaceId: string, campaignId: string): Promise<StepStats> {
  const exists = await db.query('SELECT 1 FROM campaigns WHERE id = $1 AND workspace_id = $2', [campaignId, workspaceId]);
  if (!exists.rows[0]) throw notFound('Campaign');
  const { rows } = await db.query<{ node_id: string; conversations: number; replied: number; need_to_reply: number }>(
    `SELECT campaign_node_id AS node_id, count(*)::int AS conversations,
       count(*) FILTER (WHERE has_inbound)::int AS replied,
       count(*) FILTER (WHERE last_message_direction = 'inbound')::int AS need_to_reply
     FROM conversations WHERE campaign_id = $1 AND workspace_id = $2 AND campaign_node_id IS NOT NULL
     GROUP BY campaign_node_id ORDER BY campaign_node_id`,
    [campaignId, workspaceId],
  );
  return {
    items: rows.map((r) => ({ nodeId: r.node_id, conversations: r.conversations, replied: r.replied, needToReply: r.need_to_reply })),
  };
}

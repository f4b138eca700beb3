import { Hono } from 'hono';
import type { RouteModule } from '../route-module';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import type { Queryable } from '../db/types';
import { ApiError, invalidRequest, notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey, uuidParam } from '../http/pagination';
import {
  getAccount,
  getConversation,
  listAccounts,
  listConversations,
  listMessages,
  listTags,
  setTags,
  type ConversationFilters,
} from './queries';
import { engineHooks } from '../hooks';
import {
  bulkConversationsBody,
  ingestMessageBody,
  listConversationsQuery,
  pageQuery,
  patchConversationBody,
  putTagsBody,
  replyBody,
  workspaceQuery,
} from '../../domain/contract/conversations';
import { bulkUpdate, campaignStep, setRead, stepStats } from './operations';

/** `accountIds` (comma-separated): malformed entries, like foreign ones, match nothing (contract 4). */
const accountIdList = (raw: string | undefined): string[] | null => {
  if (raw === undefined) return null;
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  return [...new Set(parts.filter((s) => uuidParam.safeParse(s).success).map((s) => s.toLowerCase()))].sort();
};

/** The inbox: spec 4.2 list, contract 7 extensions. */
export const conversationRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();

  // Spec 4.2 list conversations; every filter combines with every other.
  app.get('/api/messaging/conversations', async (c) => {
    const q = parseOrThrow(listConversationsQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const filters: ConversationFilters = {
      workspaceId: workspace.id,
      accountIds: accountIdList(q.accountIds),
      channel: q.channel ?? null,
      search: q.search ?? null,
      tag: q.tagFilter ? q.tagFilter.trim().toLowerCase() : null,
      replyFilter: q.replyFilter ?? null,
      unread: q.unread === undefined ? null : q.unread === 'true',
      campaignId: q.campaignId?.toLowerCase() ?? null,
      nodeId: q.nodeId ?? null,
    };
    const codec = cursorCodec(db, 'conversations', filters, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listConversations(db, filters, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.lastMessage.at, r.id]));
  });

  // Contract 7: ingest one message (201 new, 200 the same externalMessageId again).
  app.post('/api/messaging/messages', async (c) => {
    const body = await readBody(c, ingestMessageBody, 'message');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId);
    const account = await getAccount(db, workspace.id, body.accountId.toLowerCase());
    if (!account) throw notFound('Account');
    if (body.campaignId) await requireCampaignStep(db, workspace.id, body.campaignId.toLowerCase(), body.nodeId ?? null);
    // Contract 9.3 stop on reply: the run engine ends the prospect's wait in the same transaction.
    const result = await db.transaction((tx) =>
      engineHooks().ingest(tx, workspace.id, account.channel, {
        ...body,
        accountId: account.id,
        campaignId: body.campaignId?.toLowerCase() ?? null,
      }),
    );
    return c.json({ conversationId: result.conversationId, messageId: result.messageId }, result.created ? 201 : 200);
  });

  app.get('/api/messaging/accounts', async (c) => {
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    return c.json({ items: await listAccounts(db, workspace.id) });
  });

  app.get('/api/messaging/tags', async (c) => {
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    return c.json({ items: await listTags(db, workspace.id) });
  });

  app.get('/api/messaging/conversations/:id', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const conversation = await getConversation(db, workspace.id, id);
    if (!conversation) throw notFound('Conversation');
    return c.json(conversation);
  });

  // Contract 7: the thread, oldest first, cursor-paginated like the list.
  app.get('/api/messaging/conversations/:id/messages', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(pageQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    if (!(await getConversation(db, workspace.id, id))) throw notFound('Conversation');
    const codec = cursorCodec(db, 'messages', { workspaceId: workspace.id, conversationId: id }, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listMessages(db, id, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.sentAt, r.id]));
  });

  // Contract 9.4: reply from the inbox — a message action for the executor, on the sender's message limit.
  app.post('/api/messaging/conversations/:id/messages', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, replyBody, 'reply');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const queued = await db.transaction((tx) => engineHooks().queueReply(tx, workspace.id, id, body.text));
    if (!queued.ok && queued.why === 'not_found') throw notFound('Conversation');
    if (!queued.ok)
      throw new ApiError(
        429,
        'sender_limit_reached',
        'This sender has sent all the messages its daily limit allows today: the reply was not sent. Try again tomorrow or raise the limit.',
      );
    return c.json({ actionId: queued.actionId }, 202);
  });

  // The thread's replies from the inbox (sending, sent, failed) and the sender's messages of today.
  app.get('/api/messaging/conversations/:id/replies', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const replies = await engineHooks().replies(db, workspace.id, id);
    if (!replies) throw notFound('Conversation');
    return c.json(replies);
  });

  // Contract 7: replace the tags; answers the updated conversation.
  app.put('/api/messaging/conversations/:id/tags', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, putTagsBody, 'tags');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const conversation = await setTags(db, workspace.id, id, body.tags);
    if (!conversation) throw notFound('Conversation');
    return c.json(conversation);
  });

  // Contract 8.2: read state.
  app.patch('/api/messaging/conversations/:id', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, patchConversationBody, 'conversation');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const conversation = await setRead(db, workspace.id, id, body.read);
    if (!conversation) throw notFound('Conversation');
    return c.json(conversation);
  });

  // Contract 8.2: one action over many conversations, all or nothing.
  app.post('/api/messaging/conversations/bulk', async (c) => {
    const body = await readBody(c, bulkConversationsBody, 'bulk action');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId);
    return c.json({ updated: await bulkUpdate(db, workspace.id, body) });
  });

  // Contract 8.2: reply counts per campaign step (the canvas shows them).
  app.get('/api/v1/campaigns/:campaignId/step-stats', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    return c.json(await stepStats(db, workspace.id, campaignId));
  });

  return app;
};

/** Contract 8.2: ingest's campaign context must name a campaign of the workspace (and a step of its saved graph). */
async function requireCampaignStep(db: Queryable, workspaceId: string, campaignId: string, nodeId: string | null): Promise<void> {
  const found = await campaignStep(db, workspaceId, campaignId, nodeId);
  if (found === 'no_campaign')
    throw invalidRequest('The message is invalid.', [{ path: 'campaignId', message: 'is not a campaign of this workspace' }]);
  if (found === 'no_node') throw invalidRequest('The message is invalid.', [{ path: 'nodeId', message: 'is not a step of this campaign' }]);
}

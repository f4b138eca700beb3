import type { RouteDoc } from '../openapi/route-doc';
import {
  accountListSchema,
  conversationIdParams,
  conversationPageSchema,
  conversationSchema,
  ingestMessageBody,
  ingestResultSchema,
  listConversationsQuery,
  messagePageSchema,
  pageQuery,
  putTagsBody,
  workspaceQuery,
} from './schemas';

/** The inbox routes for /api/openapi.json, with the schemas the handlers parse with. */
export const conversationDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/messaging/conversations',
    tag: 'Conversations',
    summary: 'List conversations (spec 4.2)',
    description:
      'Newest lastMessageAt first, ties by id. Every filter combines. `nextCursor` is null on the last page; a cursor is only valid with the same filters.',
    query: listConversationsQuery,
    responses: { 200: { description: 'One page', schema: conversationPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/messaging/messages',
    tag: 'Conversations',
    summary: 'Ingest one message from a provider connector',
    description:
      "Upserts the conversation (its channel is the account's). The same externalMessageId again answers 200 with the same ids and changes nothing.",
    body: ingestMessageBody,
    responses: {
      201: { description: 'Stored', schema: ingestResultSchema },
      200: { description: 'Already stored: the same ids', schema: ingestResultSchema },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/messaging/accounts',
    tag: 'Conversations',
    summary: 'List the sender accounts of the workspace',
    query: workspaceQuery,
    responses: { 200: { description: 'All accounts', schema: accountListSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/messaging/conversations/{id}',
    tag: 'Conversations',
    summary: 'Get one conversation',
    params: conversationIdParams,
    query: workspaceQuery,
    responses: { 200: { description: 'The conversation', schema: conversationSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/messaging/conversations/{id}/messages',
    tag: 'Conversations',
    summary: 'List the messages of a conversation, oldest first',
    params: conversationIdParams,
    query: pageQuery,
    responses: { 200: { description: 'One page', schema: messagePageSchema } },
    errors: [400, 404],
  },
  {
    method: 'put',
    path: '/api/messaging/conversations/{id}/tags',
    tag: 'Conversations',
    summary: 'Replace the tags of a conversation',
    description: 'Tags are trimmed, 1..50 characters, at most 20; duplicates differing only in case are dropped (first spelling kept).',
    params: conversationIdParams,
    query: workspaceQuery,
    body: putTagsBody,
    responses: { 200: { description: 'The updated conversation', schema: conversationSchema } },
    errors: [400, 404],
  },
];

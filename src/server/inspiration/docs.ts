import { z } from 'zod';
import type { RouteDoc } from '../http/route-doc';
import { inspirationInputSchema, inspirationPageSchema, inspirationSchema } from '../../domain/contract/inspiration';
import { inspirationIdParams, listInspirationQuery } from './schemas';

export const inspirationDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/content/inspiration',
    tag: 'Inspiration',
    summary: 'Save a content inspiration (spec 4.3)',
    description:
      'Stored as given, without AI analysis. workspaceId travels in the body. Answers the record: every input field (absent optional ones as null, media as []), plus id, workspaceId, createdAt.',
    body: inspirationInputSchema,
    responses: { 201: { description: 'Saved', schema: inspirationSchema } },
    errors: [400, 404, 413],
  },
  {
    method: 'get',
    path: '/api/v1/content/inspiration',
    tag: 'Inspiration',
    summary: 'List saved inspirations, newest first',
    query: listInspirationQuery,
    responses: { 200: { description: 'One page', schema: inspirationPageSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/v1/content/inspiration/{id}',
    tag: 'Inspiration',
    summary: 'Get one saved inspiration',
    params: inspirationIdParams,
    query: z.object({ workspaceId: z.string().optional() }),
    responses: { 200: { description: 'The record', schema: inspirationSchema } },
    errors: [400, 404],
  },
];

import { z } from 'zod';
import { inspirationInputSchema, mediaItemSchema } from '../../domain/schemas';
import { cursorParam, limitParam } from '../http/pagination';

/** Spec 4.3 body is the domain's inspirationInputSchema (shared with the app); these are the server's extra shapes. */
export { inspirationInputSchema };

/** Contract 4: every input field (absent optional → null, media → []), plus id, workspaceId, createdAt. */
export const inspirationSchema = z.object({
  id: z.guid(),
  workspaceId: z.guid(),
  text: z.string(),
  author: z.string().nullable(),
  url: z.string().nullable(),
  providerId: z.string().nullable(),
  notes: z.string().nullable(),
  authorId: z.string().nullable(),
  authorUrl: z.string().nullable(),
  linkedinAccountId: z.string().nullable(),
  reactions: z.int().nullable(),
  comments: z.int().nullable(),
  reposts: z.int().nullable(),
  observedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  media: z.array(mediaItemSchema),
  createdAt: z.iso.datetime(),
});
export type Inspiration = z.infer<typeof inspirationSchema>;

export const inspirationPageSchema = z.object({ items: z.array(inspirationSchema), nextCursor: z.string().nullable() });

export const listInspirationQuery = z.object({
  workspaceId: z.string().optional().describe('Workspace id or slug (contract 2).'),
  search: z.string().max(500).optional().describe('Case-insensitive substring of the text or the author.'),
  limit: limitParam,
  cursor: cursorParam,
});

export const inspirationIdParams = z.object({ id: z.guid() });

import { z } from 'zod';
import { int32, storableDateTime, text, unstorableTextReason } from './bounds';

/**
 * Wire contract of saved inspirations (spec 4.3 / 2.6, contract 4 and 8.4): the save body, the record
 * and a media item. The server validates with them, OpenAPI is generated from them, the app infers its
 * types from them. Every string is `text()` and every integer `int32()`, so what passes is storable.
 */

/** Spec 4.3 / 8: media items per inspiration. */
export const MAX_MEDIA_ITEMS = 4;

/** A pixel size or a count: a 32-bit integer, never negative. */
const count = () => int32().min(0);
/** An absolute URL the database can store. */
const url = () =>
  z.url().check((ctx) => {
    const reason = unstorableTextReason(ctx.value);
    if (reason) ctx.issues.push({ code: 'custom', message: reason, input: ctx.value });
  });

/** Spec 2.6: all five fields required, nothing else. */
export const mediaItemSchema = z.strictObject({
  type: z.enum(['image', 'video']),
  url: url(),
  thumbnailUrl: url().nullable(),
  width: count().nullable(),
  height: count().nullable(),
});
/** @public A type of the published contract, for clients of the API. */
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** Spec 4.3 body of save-inspiration: additional properties forbidden; nullability exactly as the table. */
export const inspirationInputSchema = z.strictObject({
  workspaceId: text().optional(), // spec 4.3 states no minimum length (spec 2.1: only where stated)
  text: text(),
  author: text().optional(),
  url: text().nullable().optional(),
  providerId: text().optional(),
  notes: text().nullable().optional(),
  authorId: text().nullable().optional(),
  authorUrl: text().nullable().optional(),
  linkedinAccountId: text().nullable().optional(),
  // Counts: the spec says "integer or null"; negative counts cannot happen, so minimum 0.
  reactions: count().nullable().optional(),
  comments: count().nullable().optional(),
  reposts: count().nullable().optional(),
  // Contract 8.4: timestamps are ISO 8601 in years 0001–9999 (stored as given).
  observedAt: storableDateTime().optional(),
  publishedAt: storableDateTime().nullable().optional(),
  avatarUrl: url().nullable().optional(),
  media: z.array(mediaItemSchema).max(MAX_MEDIA_ITEMS).optional(),
});
export type InspirationInput = z.infer<typeof inspirationInputSchema>;

/** A stored media item: as saved, except that the demo data's media are path-absolute URLs of files this server ships (`/demo/…`). */
const storedMediaItemSchema = mediaItemSchema.extend({ url: z.string(), thumbnailUrl: z.string().nullable() });

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
  media: z.array(storedMediaItemSchema),
  createdAt: z.iso.datetime(),
});
export type Inspiration = z.infer<typeof inspirationSchema>;

export const inspirationPageSchema = z.object({ items: z.array(inspirationSchema), nextCursor: z.string().nullable() });
/** @public A type of the published contract, for clients of the API. */
export type InspirationPage = z.infer<typeof inspirationPageSchema>;

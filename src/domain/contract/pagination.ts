import { z } from 'zod';
import { text } from './bounds';

/** Page parameters shared by every cursor-paginated list (spec 4.2, contract 4). */

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 250;

/** Spec 4.2: `limit` 1..250, default 100; only plain integer strings ("10", not "1e1" or "10.0"). */
export const limitParam = z
  .string()
  .regex(/^\d{1,6}$/, 'must be an integer')
  .transform(Number)
  .pipe(z.int().min(1).max(MAX_LIMIT))
  .optional()
  .describe(`Page size, 1..${MAX_LIMIT}; default ${DEFAULT_LIMIT}.`);

export const cursorParam = text().optional().describe('Opaque cursor: `nextCursor` of the previous page, with the same filters.');

/** One page of a list: `nextCursor` is null on the last page. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

import { z } from 'zod';

/**
 * Contract 3 tool error body (with contract 8.1's hint), as every published outputSchema admits it
 * and as the app reads it: `{error: {code, message, hint, ...extras}}` (violations, currentUpdatedAt,
 * status, errors).
 */
export const toolErrorSchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    hint: z.string().optional().describe('What to do next, in one sentence.'),
  }),
});
/** @public A type of the published contract, for clients of the API. */
export type ToolErrorBody = z.infer<typeof toolErrorSchema>;

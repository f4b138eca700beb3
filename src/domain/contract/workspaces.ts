import { z } from 'zod';

/** GET /api/workspaces (extension for the app's workspace switcher): the workspaces the key grants. */
export const workspaceSchema = z.object({ id: z.guid(), slug: z.string(), name: z.string() });
export const workspaceListSchema = z.object({ items: z.array(workspaceSchema) });

export type Workspace = z.infer<typeof workspaceSchema>;

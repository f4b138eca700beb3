import { Hono } from 'hono';
import type { ServerContext } from '../context';
import type { AppEnv } from '../http/auth';

/** Extension for the app's workspace switcher: the workspaces the caller's key grants. */
export function workspaceRoutes(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/api/workspaces', async (c) => {
    const ids = c.get('caller').workspaces.map((w) => w.id);
    const { rows } = await ctx.db.query<{ id: string; slug: string; name: string }>(
      'SELECT id, slug, name FROM workspaces WHERE id = ANY($1::uuid[]) ORDER BY name, slug',
      [ids],
    );
    return c.json({ items: rows });
  });
  return app;
}

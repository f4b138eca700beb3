import { Hono } from 'hono';
import type { RouteModule } from '../route-module';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey } from '../http/pagination';
import { getInspiration, listInspirations, saveInspiration } from './queries';
import { inspirationInputSchema } from '../../domain/contract/inspiration';
import { listInspirationQuery } from './schemas';

/** Content inspirations: spec 4.3 save, contract 7 list. workspaceId travels in the body on save (contract 2). */
export const inspirationRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();

  app.post('/api/v1/content/inspiration', async (c) => {
    const input = await readBody(c, inspirationInputSchema, 'inspiration');
    const workspace = resolveWorkspace(c.get('caller'), input.workspaceId);
    return c.json(await saveInspiration(db, workspace.id, input), 201);
  });

  app.get('/api/v1/content/inspiration', async (c) => {
    const q = parseOrThrow(listInspirationQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    const search = q.search ?? null;
    const codec = cursorCodec(db, 'inspiration', { workspaceId: workspace.id, search }, timeIdKey);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const rows = await listInspirations(db, workspace.id, search, limit, await codec.decode(q.cursor));
    return c.json(await pageOf(rows, limit, codec, (r) => [r.createdAt, r.id]));
  });

  app.get('/api/v1/content/inspiration/:id', async (c) => {
    const id = pathUuid(c.req.param('id'), 'id');
    const workspace = resolveWorkspace(c.get('caller'), queryOf(c).workspaceId);
    const found = await getInspiration(db, workspace.id, id);
    if (!found) throw notFound('Inspiration');
    return c.json(found);
  });

  return app;
};

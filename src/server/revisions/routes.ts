import { Hono } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { publishRevisionBody } from '../../domain/contract/revisions';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { changeOrigin } from '../http/change-origin';
import { parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { engineSettings } from '../runs/engine-deps';
import { publishRevision } from './publish';
import { createRevision, discardRevision, revisionImpact } from './revisions';

/** Contract 10.4's REST face: open a revision of a running campaign, see its impact, publish it, discard it (MCP twins in tools.ts). */
export const revisionRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  const ids = (c: { req: { param(name: string): string } }) => ({
    campaignId: pathUuid(c.req.param('campaignId'), 'campaignId'),
    revisionId: pathUuid(c.req.param('revisionId'), 'revisionId'),
  });

  app.post('/api/v1/campaigns/:campaignId/revisions', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await createRevision(db, resolveWorkspace(c.get('caller'), q.workspaceId), campaignId, changeOrigin(c, 'other')), 201);
  });

  app.get('/api/v1/campaigns/:campaignId/revisions/:revisionId/impact', async (c) => {
    const { campaignId, revisionId } = ids(c);
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await revisionImpact(db, resolveWorkspace(c.get('caller'), q.workspaceId), campaignId, revisionId));
  });

  app.delete('/api/v1/campaigns/:campaignId/revisions/:revisionId', async (c) => {
    const { campaignId, revisionId } = ids(c);
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    await discardRevision(db, resolveWorkspace(c.get('caller'), q.workspaceId), campaignId, revisionId);
    return c.body(null, 204);
  });

  app.post('/api/v1/campaigns/:campaignId/publish', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const body = await readBody(c, publishRevisionBody, 'publish');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? queryOf(c).workspaceId);
    return c.json(
      await publishRevision(
        db,
        workspace,
        { ...body, campaignId, revisionId: body.revisionId.toLowerCase() },
        { origin: changeOrigin(c, 'other'), settings: engineSettings(config), badInput: 'invalid_request' },
      ),
    );
  });

  return app;
};

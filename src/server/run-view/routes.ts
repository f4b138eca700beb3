import { Hono } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../http/route-module';
import { campaignRun } from './progress';

/** Contract 9.5: a campaign's run (its MCP twin is get-campaign-run; the live version rides the changes stream). */
export const runViewRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();
  app.get('/api/v1/campaigns/:campaignId/run', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await campaignRun(db, resolveWorkspace(c.get('caller'), q.workspaceId).id, campaignId));
  });
  return app;
};

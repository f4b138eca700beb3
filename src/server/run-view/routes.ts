import { Hono } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../http/route-module';
import { RUN_COMMANDS } from '../../domain/contract/runs';
import { changeOrigin } from '../http/change-origin';
import { serverPacing } from '../runs/reslot';
import { steerCampaign } from '../runs/steer';
import { campaignRun } from './progress';

/** Contract 9.5: a campaign's run (its MCP twin is get-campaign-run; the live version rides the changes stream), and 9.3's pause / resume / stop. */
export const runViewRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  app.get('/api/v1/campaigns/:campaignId/run', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await campaignRun(db, resolveWorkspace(c.get('caller'), q.workspaceId).id, campaignId, config));
  });
  // Contract 9.3: pause / resume / stop answer the campaign record.
  for (const command of RUN_COMMANDS) {
    app.post(`/api/v1/campaigns/:campaignId/${command}`, async (c) => {
      const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
      const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
      const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
      return c.json(await steerCampaign(db, workspace, campaignId, command, changeOrigin(c, 'other'), serverPacing(config)));
    });
  }
  return app;
};

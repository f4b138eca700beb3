import { Hono } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { changeOrigin } from '../http/change-origin';
import { engineSettings } from '../runs/engine-deps';
import { steerCampaign } from '../runs/steer';
import { campaignRun } from './progress';
import { runProgressFeed } from './progress-feed';
import { CAMPAIGN_CHANGED_EVENT, CHANGES_KEEPALIVE_SECONDS } from '../../domain/contract/changes';
import { RUN_COMMANDS, RUN_PROGRESS_EVENT } from '../../domain/contract/runs';
import { eventStream } from '../http/event-stream';
import { campaignChangeFeed } from '../campaigns/changes';
import { findCampaignState } from '../campaigns/queries';
import { campaignNotFound } from '../campaigns/service';

/** Contract 9.5: a campaign's run (its MCP twin is get-campaign-run) and its live changes stream (8.5, with run.progress), and 9.3's pause / resume / stop. */
export const runViewRoutes: RouteModule = ({ db, config, stopping }) => {
  const app = new Hono<AppEnv>();
  const feed = campaignChangeFeed(db);
  const runFeed = runProgressFeed(db, config);

  // Contract 8.5 live changes, with 9.5's run.progress riding on the same stream.
  app.get('/api/v1/campaigns/:campaignId/changes', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const workspace = resolveWorkspace(c.get('caller'), q.workspaceId);
    if (!(await findCampaignState(db, workspace.id, campaignId))) throw campaignNotFound();
    return eventStream({
      subscribe: async (send) => {
        const unsubscribeChanges = await feed.subscribe(workspace.id, campaignId, (change) => send(CAMPAIGN_CHANGED_EVENT, change));
        try {
          const unsubscribeRun = await runFeed.subscribe(workspace.id, campaignId, (run) => send(RUN_PROGRESS_EVENT, run));
          return () => {
            unsubscribeChanges();
            unsubscribeRun();
          };
        } catch (err) {
          unsubscribeChanges();
          throw err;
        }
      },
      keepAliveMs: CHANGES_KEEPALIVE_SECONDS * 1000,
      stopping,
    });
  });

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
      return c.json(await steerCampaign(db, workspace, campaignId, command, changeOrigin(c, 'other'), engineSettings(config)));
    });
  }
  return app;
};

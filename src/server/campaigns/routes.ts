import { Hono } from 'hono';
import { CAMPAIGN_CHANGED_EVENT, CHANGES_KEEPALIVE_SECONDS } from '../../domain/contract/changes';
import { RUN_PROGRESS_EVENT } from '../../domain/contract/runs';
import { workspaceQuery } from '../../domain/contract/conversations';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { eventStream } from '../http/event-stream';
import { queryOf } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../http/route-module';
import { runProgressFeed } from '../run-view/progress-feed';
import { campaignChangeFeed } from './changes';
import { findCampaignState } from './queries';
import { campaignNotFound } from './service';
import { deleteCampaign, updateCampaign } from './settings';
import { updateCampaignBody } from '../../domain/contract/campaigns';
import { readBody } from '../http/input';

/**
 * The campaigns' REST face: the live-changes stream (contract 8.5, with 9.5 `run.progress`) and the settings beside the graph
 * (rename, senders, archive, delete a draft — the same operations as the update-campaign / delete-campaign tools).
 * The graph operations are MCP tools.
 */
export const campaignRoutes: RouteModule = ({ db, config, stopping }) => {
  const app = new Hono<AppEnv>();
  const feed = campaignChangeFeed(db);
  const runFeed = runProgressFeed(db, config);

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

  app.patch('/api/v1/campaigns/:campaignId', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const body = await readBody(c, updateCampaignBody, 'campaign change');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? queryOf(c).workspaceId);
    return c.json(
      await updateCampaign(db, workspace, {
        campaignId,
        name: body.name,
        senderAccountIds: body.senderAccountIds,
        archived: body.archived,
      }),
    );
  });

  app.delete('/api/v1/campaigns/:campaignId', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    await deleteCampaign(db, resolveWorkspace(c.get('caller'), q.workspaceId), campaignId);
    return c.body(null, 204);
  });

  return app;
};

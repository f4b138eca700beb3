import { Hono } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { deleteCampaign, updateCampaign } from './settings';
import { DEFAULT_CAMPAIGN_PAGE, listCampaigns } from './listing';
import { listCampaignsQuery } from '../../domain/contract/results';
import { updateCampaignBody } from '../../domain/contract/campaigns';
import { readBody } from '../http/input';

/**
 * The campaigns' REST face: the list (the twin of list-campaigns) and the settings beside the graph (rename, senders, archive, delete a draft — the same operations as
 * the update-campaign / delete-campaign tools). The graph operations are MCP tools; the live-changes stream is the run view's
 * (run-view/routes.ts), as it carries the run's progress too.
 */
export const campaignRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();

  // Contract 10.1: the REST twin of list-campaigns (same filters, `{items, nextCursor}`, each item with its `stats`).
  app.get('/api/v1/campaigns', async (c) => {
    const q = parseOrThrow(listCampaignsQuery, queryOf(c), 'query');
    return c.json(
      await listCampaigns(db, resolveWorkspace(c.get('caller'), q.workspaceId), {
        status: q.status,
        archived: q.archived,
        limit: q.limit ?? DEFAULT_CAMPAIGN_PAGE,
        cursor: q.cursor,
        view: q.view,
      }),
    );
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
        senderAssignment: body.senderAssignment,
        senderField: body.senderField,
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

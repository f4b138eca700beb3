import { Hono } from 'hono';
import { chooseWinnerBody, resultsQuery } from '../../domain/contract/results';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { campaignNotFound } from '../campaigns/service';
import { resultsCsv } from '../../domain/results-csv';
import { campaignResults } from '../results/results';
import { chooseVariantWinner } from '../results/winners';

/** Contract 10.1: a campaign's results (JSON or CSV; MCP get-campaign-results) and choosing a step's winning variant (choose-variant-winner). */
export const resultsRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();

  app.get('/api/v1/campaigns/:campaignId/results', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(resultsQuery, queryOf(c), 'query');
    const results = await campaignResults(db, resolveWorkspace(c.get('caller'), q.workspaceId).id, campaignId);
    if (!results) throw campaignNotFound();
    if (q.format !== 'csv') return c.json(results);
    return c.body(resultsCsv(results), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="campaign-results-${results.asOf.slice(0, 10)}.csv"`,
    });
  });

  app.post('/api/v1/campaigns/:campaignId/steps/:nodeId/winner', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const body = await readBody(c, chooseWinnerBody, 'winner');
    const workspace = resolveWorkspace(c.get('caller'), body.workspaceId ?? queryOf(c).workspaceId);
    const results = await chooseVariantWinner(db, workspace.id, { campaignId, nodeId: c.req.param('nodeId'), variantId: body.variantId });
    if (!results) throw campaignNotFound();
    return c.json(results);
  });

  return app;
};

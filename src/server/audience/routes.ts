import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { workspaceQuery } from '../../domain/contract/conversations';
import { enrollBody, listEnrollmentsQuery } from '../../domain/contract/enrollments';
import { importProspectsEnvelope, listProspectsQuery, patchProspectBody } from '../../domain/contract/prospects';
import { patchAccountBody, scheduleBody } from '../../domain/contract/schedule';
import type { Db } from '../db/types';
import { resolveWorkspace, type AppEnv, type WorkspaceRef } from '../http/auth';
import { parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { enrollmentTimeline, enrollProspects, listEnrollments } from './enrollments';
import { importProspects } from './import';
import { countProspects, deleteProspect, getProspect, listProspects, patchProspect } from './prospects';
import { updateCampaignSchedule, updateDailyLimits } from './settings';

/**
 * The audience's REST routes (contract 9.1–9.3). The MCP tools (tools.ts) call the same operations
 * below, so a tool and its REST twin answer the same body.
 */

export type ListProspectsInput = Omit<z.infer<typeof listProspectsQuery>, 'workspaceId' | 'withTotal'> & { withTotal?: boolean };
export type ListEnrollmentsInput = Omit<z.infer<typeof listEnrollmentsQuery>, 'workspaceId'> & { campaignId: string };

/** One page of the workspace's prospects (cursor bound to the filters). */
export async function prospectPage(db: Db, workspace: WorkspaceRef, q: ListProspectsInput) {
  const filters = {
    workspaceId: workspace.id,
    search: q.search ? q.search : null,
    campaignId: q.campaignId?.toLowerCase() ?? null,
    enrollmentStatus: q.enrollmentStatus ?? null,
  };
  const codec = cursorCodec(db, 'prospects', filters, timeIdKey);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const after = await codec.decode(q.cursor);
  const [rows, total] = await Promise.all([
    listProspects(db, filters, limit, after),
    after === undefined && q.withTotal ? countProspects(db, filters) : Promise.resolve(null),
  ]);
  return { ...(await pageOf(rows, limit, codec, (r) => [r.createdAt, r.prospectId])), total };
}

/** One page of a campaign's enrollments (cursor bound to the filters). */
export async function enrollmentPage(db: Db, workspace: WorkspaceRef, q: ListEnrollmentsInput) {
  const filters = {
    workspaceId: workspace.id,
    campaignId: q.campaignId.toLowerCase(),
    status: q.status ?? null,
    nodeId: q.nodeId ?? null,
    search: q.search?.trim() || null,
  };
  const codec = cursorCodec(db, 'enrollments', filters, timeIdKey);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await listEnrollments(db, filters, limit, await codec.decode(q.cursor));
  return pageOf(rows, limit, codec, (r) => [r.enteredAt, r.enrollmentId]);
}

export const audienceRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();
  const workspaceOf = (c: Context<AppEnv>, requested: string | undefined) => resolveWorkspace(c.get('caller'), requested);

  app.post('/api/v1/prospects/import', async (c) => {
    const body = await readBody(c, importProspectsEnvelope, 'import');
    const workspace = workspaceOf(c, body.workspaceId);
    return c.json(await importProspects(db, workspace.id, body.prospects, body.onDuplicate ?? 'skip'));
  });

  app.get('/api/v1/prospects', async (c) => {
    const { workspaceId, withTotal, ...q } = parseOrThrow(listProspectsQuery, queryOf(c), 'query');
    return c.json(await prospectPage(db, workspaceOf(c, workspaceId), { ...q, withTotal: withTotal === 'true' }));
  });

  app.get('/api/v1/prospects/:prospectId', async (c) => {
    const id = pathUuid(c.req.param('prospectId'), 'prospectId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await getProspect(db, workspaceOf(c, q.workspaceId).id, id));
  });

  app.patch('/api/v1/prospects/:prospectId', async (c) => {
    const id = pathUuid(c.req.param('prospectId'), 'prospectId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, patchProspectBody, 'prospect');
    return c.json(await patchProspect(db, workspaceOf(c, q.workspaceId).id, id, body));
  });

  app.delete('/api/v1/prospects/:prospectId', async (c) => {
    const id = pathUuid(c.req.param('prospectId'), 'prospectId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    await deleteProspect(db, workspaceOf(c, q.workspaceId).id, id);
    return c.body(null, 204);
  });

  app.post('/api/v1/campaigns/:campaignId/enrollments', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const body = await readBody(c, enrollBody, 'enrollment');
    const workspace = workspaceOf(c, body.workspaceId);
    return c.json(await enrollProspects(db, workspace.id, campaignId, body));
  });

  app.get('/api/v1/campaigns/:campaignId/enrollments', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const { workspaceId, ...q } = parseOrThrow(listEnrollmentsQuery, queryOf(c), 'query');
    return c.json(await enrollmentPage(db, workspaceOf(c, workspaceId), { ...q, campaignId }));
  });

  app.get('/api/v1/enrollments/:enrollmentId/timeline', async (c) => {
    const id = pathUuid(c.req.param('enrollmentId'), 'enrollmentId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await enrollmentTimeline(db, workspaceOf(c, q.workspaceId).id, id));
  });

  app.put('/api/v1/campaigns/:campaignId/schedule', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, scheduleBody, 'schedule');
    return c.json(await updateCampaignSchedule(db, workspaceOf(c, q.workspaceId), campaignId, body));
  });

  app.patch('/api/messaging/accounts/:id', async (c) => {
    const accountId = pathUuid(c.req.param('id'), 'id');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    const body = await readBody(c, patchAccountBody, 'account');
    return c.json(await updateDailyLimits(db, workspaceOf(c, q.workspaceId).id, accountId, body.dailyLimits));
  });

  return app;
};

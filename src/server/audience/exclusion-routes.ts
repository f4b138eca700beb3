import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { workspaceQuery } from '../../domain/contract/conversations';
import { addExclusionBody, importExclusionsEnvelope, listExclusionsQuery, type ExclusionAuthor } from '../../domain/contract/exclusions';
import type { Db } from '../db/types';
import { resolveWorkspace, type AppEnv, type WorkspaceRef } from '../http/auth';
import { changeOrigin } from '../http/change-origin';
import { parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { cursorCodec, DEFAULT_LIMIT, pageOf, pathUuid, timeIdKey } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { addExclusion, importExclusions, listExclusions, removeExclusion } from './exclusions';
import { campaignAudienceCheck } from './audience-check';

/** The do-not-contact list's REST routes (contract 10.3); the MCP tools (exclusion-tools.ts) call the same operations. */

export type ListExclusionsInput = Omit<z.infer<typeof listExclusionsQuery>, 'workspaceId'>;

/** One page of the workspace's entries (cursor bound to the filters). */
export async function exclusionPage(db: Db, workspace: WorkspaceRef, q: ListExclusionsInput) {
  const filters = { workspaceId: workspace.id, kind: q.kind ?? null, search: q.search ? q.search : null, profileUrl: q.profileUrl ?? null };
  const codec = cursorCodec(db, 'exclusions', filters, timeIdKey);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await listExclusions(db, filters, limit, await codec.decode(q.cursor));
  return pageOf(rows, limit, codec, (r) => [r.createdAt, r.exclusionId]);
}

/** Contract 10.3 `createdBy` of an entry added by a request: `studio` from the app (`X-Client: app`), else `agent`. */
const authorOf = (c: Context): ExclusionAuthor => (changeOrigin(c, 'other').via === 'app' ? 'studio' : 'agent');

export const exclusionRoutes: RouteModule = ({ db }) => {
  const app = new Hono<AppEnv>();
  const workspaceOf = (c: Context<AppEnv>, requested: string | undefined) => resolveWorkspace(c.get('caller'), requested);

  app.get('/api/v1/exclusions', async (c) => {
    const { workspaceId, ...q } = parseOrThrow(listExclusionsQuery, queryOf(c), 'query');
    return c.json(await exclusionPage(db, workspaceOf(c, workspaceId), q));
  });

  app.post('/api/v1/exclusions', async (c) => {
    const { workspaceId, ...input } = await readBody(c, addExclusionBody, 'exclusion');
    const { entry, created } = await addExclusion(db, workspaceOf(c, workspaceId).id, input, authorOf(c));
    return c.json(entry, created ? 201 : 200);
  });

  app.post('/api/v1/exclusions/import', async (c) => {
    const body = await readBody(c, importExclusionsEnvelope, 'import');
    const { items: _items, ...result } = await importExclusions(db, workspaceOf(c, body.workspaceId).id, body.exclusions, 'import');
    return c.json(result);
  });

  app.delete('/api/v1/exclusions/:exclusionId', async (c) => {
    const id = pathUuid(c.req.param('exclusionId'), 'exclusionId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    await removeExclusion(db, workspaceOf(c, q.workspaceId).id, id);
    return c.body(null, 204);
  });

  app.get('/api/v1/campaigns/:campaignId/audience-check', async (c) => {
    const campaignId = pathUuid(c.req.param('campaignId'), 'campaignId');
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await campaignAudienceCheck(db, workspaceOf(c, q.workspaceId).id, campaignId));
  });

  return app;
};

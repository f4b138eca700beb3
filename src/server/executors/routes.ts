import { Hono, type Context } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import { executorSettingsBody, rotateExecutorSecretBody } from '../../domain/contract/executors';
import { DEFAULT_GRACE_HOURS } from '../../domain/contract/webhooks';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { invalidRequest, notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import type { RouteModule } from '../route-module';
import { checkDestination } from '../webhooks/ssrf';
import { getExecutorSettings, putExecutorSettings, rotateExecutorSecret } from './settings';

/** Contract 2: workspaceId in the body or the query, the body's first. */
const workspaceOf = (c: Context<AppEnv>, fromBody: string | undefined) =>
  resolveWorkspace(c.get('caller'), fromBody ?? queryOf(c).workspaceId);

/** Contract 9.4: the workspace's executor settings and its signing secret (what executors tell the engine: runs/routes.ts). */
export const executorRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();

  app.get('/api/v1/executor', async (c) => {
    const q = parseOrThrow(workspaceQuery, queryOf(c), 'query');
    return c.json(await getExecutorSettings(db, resolveWorkspace(c.get('caller'), q.workspaceId).id));
  });

  app.put('/api/v1/executor', async (c) => {
    const body = await readBody(c, executorSettingsBody, 'executor settings');
    const workspace = workspaceOf(c, body.workspaceId);
    if (body.kind === 'http') {
      const refused = await checkDestination(body.url, config.webhookAllowPrivate);
      if (refused) throw invalidRequest('The executor URL is not allowed.', [{ path: 'url', message: refused }]);
    }
    return c.json(await db.transaction((tx) => putExecutorSettings(tx, workspace.id, body)));
  });

  app.post('/api/v1/executor/rotate-secret', async (c) => {
    // An empty body is allowed: every field is optional.
    const body = (await c.req.text()).trim()
      ? await readBody(c, rotateExecutorSecretBody, 'rotate-secret request')
      : parseOrThrow(rotateExecutorSecretBody, {}, 'rotate-secret request');
    const workspace = workspaceOf(c, body.workspaceId);
    const rotated = await rotateExecutorSecret(db, workspace.id, body.graceHours ?? DEFAULT_GRACE_HOURS);
    if (!rotated) throw notFound('HTTP executor');
    return c.json(rotated);
  });

  return app;
};

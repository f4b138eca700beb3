import { Hono, type Context } from 'hono';
import { workspaceQuery } from '../../domain/contract/conversations';
import {
  actionResultBody,
  executorEventBody,
  executorSettingsBody,
  rotateExecutorSecretBody,
  type ActionResultAnswer,
} from '../../domain/contract/executors';
import { DEFAULT_GRACE_HOURS } from '../../domain/contract/webhooks';
import type { Queryable } from '../db/types';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { invalidRequest, notFound, parseOrThrow } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../http/route-module';
import { recordAnswer } from '../runs/actions';
import { countActionAnswer } from '../observe/metrics';
import { checkDestination } from '../webhooks/ssrf';
import { eventDeps, receiveExecutorEvent } from './events';
import { getExecutorSettings, putExecutorSettings, rotateExecutorSecret } from './settings';

const STATE_OF_ACTION: Readonly<Record<string, ActionResultAnswer['status']>> = {
  scheduled: 'pending',
  offered: 'pending',
  waiting_result: 'pending',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

async function actionState(db: Queryable, workspaceId: string, actionId: string): Promise<ActionResultAnswer | undefined> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM run_actions WHERE id = $1 AND workspace_id = $2', [
    actionId,
    workspaceId,
  ]);
  return rows[0] && { actionId, status: STATE_OF_ACTION[rows[0].status] ?? 'pending' };
}

/** Contract 2: workspaceId in the body or the query, the body's first. */
const workspaceOf = (c: Context<AppEnv>, fromBody: string | undefined) =>
  resolveWorkspace(c.get('caller'), fromBody ?? queryOf(c).workspaceId);

/** Contract 9.4: the workspace's executor settings, an action's later result, and connector events. */
export const executorRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  const deps = eventDeps(db);

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

  app.post('/api/v1/actions/:actionId/result', async (c) => {
    const actionId = pathUuid(c.req.param('actionId'), 'actionId');
    const body = await readBody(c, actionResultBody, 'action result');
    const workspace = workspaceOf(c, body.workspaceId);
    if (!(await actionState(db, workspace.id, actionId))) throw notFound('Action');
    const { workspaceId: _workspaceId, ...answer } = body;
    countActionAnswer('http', answer.status); // a 202's result comes from the HTTP executor
    await recordAnswer(deps, actionId, answer);
    return c.json((await actionState(db, workspace.id, actionId))!);
  });

  app.post('/api/v1/executor/events', async (c) => {
    const body = await readBody(c, executorEventBody, 'executor event');
    const workspace = workspaceOf(c, body.workspaceId);
    return c.json(await receiveExecutorEvent(deps, workspace.id, body), 202);
  });

  return app;
};

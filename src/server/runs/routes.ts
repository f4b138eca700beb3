import { Hono, type Context } from 'hono';
import { actionResultBody, executorEventBody, type ActionResultAnswer } from '../../domain/contract/executors';
import type { ActionStatus } from '../../domain/contract/statuses';
import type { Queryable } from '../db/types';
import { resolveWorkspace, type AppEnv } from '../http/auth';
import { notFound } from '../http/errors';
import { queryOf, readBody } from '../http/input';
import { pathUuid } from '../http/pagination';
import type { RouteModule } from '../route-module';
import { actionStatusOf } from './action-store';
import { engineSettings } from './engine-deps';
import { receiveExecutorEvent } from './inbound';
import { recordAnswer } from './offers';
import { countActionAnswer } from '../observe/metrics';

/** How an executor sees an action's state (contract 9.4): pending until decided. */
const STATE_OF_ACTION: Readonly<Record<ActionStatus, ActionResultAnswer['status']>> = {
  scheduled: 'pending',
  offered: 'pending',
  waiting_result: 'pending',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

async function actionState(db: Queryable, workspaceId: string, actionId: string): Promise<ActionResultAnswer | undefined> {
  const status = await actionStatusOf(db, workspaceId, actionId);
  return status && { actionId, status: STATE_OF_ACTION[status] };
}

/** Contract 2: workspaceId in the body or the query, the body's first. */
const workspaceOf = (c: Context<AppEnv>, fromBody: string | undefined) =>
  resolveWorkspace(c.get('caller'), fromBody ?? queryOf(c).workspaceId);

/**
 * Contract 9.4, what executors tell the run engine: an action's later result (after a 202) and a
 * prospect's events (acceptances, replies, triggers). Both move enrollments, with the engine's
 * settings from the configuration (the same factory as the worker's).
 */
export const runInputRoutes: RouteModule = ({ db, config }) => {
  const app = new Hono<AppEnv>();
  const settings = engineSettings(config);
  const deps = { ...settings, db };

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
    return c.json(await receiveExecutorEvent(db, settings, workspace.id, body), 202);
  });

  return app;
};

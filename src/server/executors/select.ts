import { nodeDefinition } from '../../domain/catalog';
import type { Config } from '../config';
import type { Clock } from '../db/clock';
import type { Db } from '../db/types';
import { batcher } from '../jobs/batcher';
import { countActionAnswer, countActionOffered, type ActionExecutor } from '../observe/metrics';
import { callStepUrl } from './engine-call';
import type { Executor } from './executor';
import { offerOverHttp, type HttpOptions } from './http';
import { sandboxExecutor } from './sandbox';
import { httpTargetsOf } from './settings';

export type ExecutorConfig = Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'webhookRetryDelaysMs'>;

/** Offers that start close together read their workspaces' executor choice in one statement. */
const CHOICE_GROUP = { max: 32, waitMs: 1 };

/**
 * The run engine's one executor (contract 9.3, 9.4): webhook / http_request steps are the engine's own
 * calls; every other action goes to its workspace's HTTP executor when one is configured, else to the
 * sandbox. The choice is read from the database as each action is offered — never remembered — so a
 * change of executor applies to every action offered after the change's answer, in every process
 * (contract 10.2); an action offered before keeps its executor until it is decided.
 */
export function createExecutor(db: Db, clock: Clock, config: ExecutorConfig): Executor {
  const options: HttpOptions = {
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    retryDelaysMs: config.webhookRetryDelaysMs,
  };
  const sandbox = sandboxExecutor(db, clock);
  const targetOf = batcher(async (workspaceIds: readonly string[]) => {
    const targets = await httpTargetsOf(db, workspaceIds);
    return workspaceIds.map((id) => targets.get(id) ?? null);
  }, CHOICE_GROUP);
  return {
    async offer(action) {
      const call = nodeDefinition(action.type)?.run.does === 'call';
      const target = call ? null : await targetOf(action.workspaceId);
      const executor: ActionExecutor = call ? 'engine_call' : target ? 'http' : 'sandbox';
      countActionOffered(executor);
      const answer = await (call
        ? callStepUrl(db, action, options)
        : target
          ? offerOverHttp(db, target, action, options)
          : sandbox.offer(action));
      countActionAnswer(executor, answer.status);
      return answer;
    },
  };
}

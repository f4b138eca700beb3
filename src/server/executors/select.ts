import { nodeDefinition } from '../../domain/catalog';
import type { Clock } from '../../domain/run/clock';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/types';
import type { Executor } from '../runs/executor';
import { sandboxExecutor } from '../runs/sandbox';
import { countActionAnswer, countActionOffered, type ActionExecutor } from '../observe/metrics';
import { callStepUrl } from './engine-call';
import { offerOverHttp, type HttpOptions } from './http';
import { httpTargetOf, type HttpTarget } from './settings';

/** How long a workspace's executor choice is reused before it is read again. */
export const SETTINGS_CACHE_MS = 5_000;

export type ExecutorConfig = Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'webhookRetryDelaysMs'>;

/**
 * The run engine's one executor (contract 9.3, 9.4): webhook / http_request steps are the engine's own
 * calls; every other action goes to its workspace's HTTP executor when one is configured, else to the
 * sandbox. Each workspace's choice is cached for SETTINGS_CACHE_MS (by the clock), so a PUT takes
 * effect within seconds.
 */
export function createExecutor(db: Db, clock: Clock, config: ExecutorConfig = loadConfig()): Executor {
  const options: HttpOptions = {
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    retryDelaysMs: config.webhookRetryDelaysMs,
  };
  const sandbox = sandboxExecutor(db, clock);
  const cache = new Map<string, { target: HttpTarget | null; until: number }>();
  const targetOf = async (workspaceId: string): Promise<HttpTarget | null> => {
    const cached = cache.get(workspaceId);
    if (cached && cached.until > clock.now()) return cached.target;
    const target = await httpTargetOf(db, workspaceId);
    cache.set(workspaceId, { target, until: clock.now() + SETTINGS_CACHE_MS });
    return target;
  };
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

import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import { perKeyLimit } from '../http/key-limit';
import type { TaskInput, TaskName, TaskResult } from './tasks';

/**
 * CPU-heavy work off the event loop: a pool of worker threads (piscina) runs `tasks.ts`, so a
 * simulation never blocks /healthz, live streams or other tenants. Per API key at most
 * `perKey` tasks run at once and `queuePerKey` wait; more is 429 rate_limited at once. Each task has
 * a time limit and a memory limit; past either it is stopped and the call answers 422 too_expensive.
 * Workers load the TypeScript sources through tsx, in `npm start`, dev and tests alike.
 */

export interface ComputeOptions {
  threads: number;
  perKey: number;
  queuePerKey: number;
  timeoutMs: number;
  /** Heap of one worker, in MiB. */
  memoryMb: number;
}

export const DEFAULT_COMPUTE: ComputeOptions = {
  threads: Math.max(1, availableParallelism() - 1),
  perKey: 1,
  queuePerKey: 4,
  timeoutMs: 10_000,
  memoryMb: 256,
};

export interface ComputePool {
  /**
   * Runs `task` for the API key `key` (its concurrency share), off the event loop. `input` may be a
   * function, called once the key has a slot: a call refused for its share reads nothing first.
   */
  run<T extends TaskName>(task: T, input: TaskInput<T> | (() => Promise<TaskInput<T>>), key: string): Promise<TaskResult<T>>;
  close(): Promise<void>;
}

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const WORKER = new URL('./worker.ts', import.meta.url).href;

const busy = (options: ComputeOptions) =>
  new ApiError(
    429,
    'rate_limited',
    `This API key already has ${options.perKey + options.queuePerKey} heavy calls (simulations) running or waiting: try again once they have answered.`,
  );
const tooExpensive = (options: ComputeOptions) =>
  new ApiError(
    422,
    'too_expensive',
    `This call needs more than one call may use (${options.timeoutMs / 1000} s of work or ${options.memoryMb} MiB of memory); nothing was changed.`,
  );

export function createComputePool(options: ComputeOptions = DEFAULT_COMPUTE): ComputePool {
  const limit = perKeyLimit(options.perKey, options.queuePerKey);
  let pool: Piscina | undefined;
  // Started on first use (a test's app that never simulates starts no threads); the server warms it at start.
  const started = () =>
    (pool ??= new Piscina({
      filename: WORKER,
      execArgv: ['--import', TSX],
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    }));
  return {
    async run(task, input, key) {
      const release = await limit.acquire(key);
      if (!release) throw busy(options);
      try {
        const data = typeof input === 'function' ? await input() : input;
        return await started().run({ task, input: data }, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // A task stopped at its time limit, or its worker out of memory: the input asked too much.
        const code = (err as { name?: string; code?: string }).name === 'AbortError' ? 'abort' : (err as { code?: string }).code;
        if (code === 'abort' || code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooExpensive(options);
        throw err;
      } finally {
        release();
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}

/** Starts the pool's first thread now, so the first heavy call does not pay for it. */
export function warmUp(pool: ComputePool): void {
  void pool.run('simulate', { definitionText: '{"nodes":[],"edges":[]}' }, 'warm-up').catch(() => undefined);
}

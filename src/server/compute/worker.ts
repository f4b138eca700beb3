import { setPriority } from 'node:os';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { isSerialisedResult } from './serialised-result';
import { TASKS, type TaskName } from './tasks';

/** Niceness of a worker thread: the event loop (niceness 0) always runs first when both want a core. */
const WORKER_NICENESS = 19;

// On Linux setpriority on pid 0 lowers the calling thread only (elsewhere it would lower the whole process).
if (process.platform === 'linux') setPriority(0, WORKER_NICENESS);

/** The worker thread's entry (piscina calls the default export once per task). */
export default function runTask({ task, input }: { task: TaskName; input: never }): unknown {
  if (!Object.hasOwn(TASKS, task)) throw new Error(`unknown compute task ${String(task)}`);
  const result = TASKS[task](input);
  if (!isSerialisedResult(result)) return result;
  // Its buffer is handed to the event loop, not copied twice by structured clone.
  return move({ [transferableSymbol]: result.bytes.buffer, [valueSymbol]: result });
}

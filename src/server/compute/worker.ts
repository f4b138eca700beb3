import { TASKS, type TaskName } from './tasks';

/** The worker thread's entry (piscina calls the default export once per task). */
export default function runTask({ task, input }: { task: TaskName; input: never }): unknown {
  if (!Object.hasOwn(TASKS, task)) throw new Error(`unknown compute task ${String(task)}`);
  return TASKS[task](input);
}

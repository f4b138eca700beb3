import { simulatePaths, type SampleProspect } from '../../domain/paths';
import { serialiseResult, type SerialisedResult } from './serialised-result';

/**
 * The CPU-heavy work the server runs off its event loop (`pool.ts`), one pure function per task.
 * Inputs and results cross threads by structured clone, so they are plain data; a graph travels as
 * the text it is stored as and is parsed in the worker.
 */
export const TASKS = {
  /** Contract 8.1 simulate-campaign over a saved graph, within SIMULATION_BUDGET, serialised here: the answer is MiBs. */
  simulate: (input: { definitionText: string; prospect?: SampleProspect }): SerialisedResult =>
    serialiseResult(simulatePaths(JSON.parse(input.definitionText), input.prospect)),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<T extends TaskName> = Parameters<(typeof TASKS)[T]>[0];
export type TaskResult<T extends TaskName> = ReturnType<(typeof TASKS)[T]>;

import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/types';
import type { ComputePool } from './compute/pool';
import type { Caller } from './http/auth';
import type { ChangeOrigin } from './http/change-origin';
import { ApiError, type FieldError } from './http/errors';

/** What a tool's handler receives: the database, the configuration, the authenticated caller, who its changes come from and the compute pool. */
export interface ToolContext {
  db: Db;
  config: Config;
  caller: Caller;
  origin: ChangeOrigin;
  /** Worker threads for CPU-heavy work (simulations), shared per API key. */
  compute: ComputePool;
}

/**
 * One MCP tool. `arguments` validates (a strict object: unknown arguments are invalid, contract 3);
 * `advertisedArguments`, when given, is the schema shown in tools/list because it says more than
 * the validation does (e.g. the full workflow_definition, whose inner rules are reported as
 * invalid_workflow violations rather than invalid_arguments). `result` is the success shape;
 * the published outputSchema also admits the error shape (contract 3).
 */
export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  arguments: S;
  advertisedArguments?: z.ZodType;
  result?: z.ZodType;
  readOnly: boolean;
  run(args: z.infer<S>, ctx: ToolContext): Promise<unknown>;
}

/** Keeps the argument type of `run` tied to its schema while the registry holds plain ToolDefinitions. */
export const defineTool = <S extends z.ZodType>(tool: ToolDefinition<S>): ToolDefinition => tool as unknown as ToolDefinition;

/** Contract 3 `errors`: one entry per bad argument; an unknown argument is named by its own path. */
export function argumentErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'Unknown argument.' }));
    }
    return [{ path: base.join('.'), message: issue.message }];
  });
}

/** Parses tool arguments or throws invalid_arguments (contract 3). */
export function parseArguments<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const errors = argumentErrors(result.error);
    throw new ApiError(
      400,
      'invalid_arguments',
      `Invalid arguments: ${errors.map((e) => `${e.path || '(arguments)'}: ${e.message}`).join('; ')}`,
      { errors },
    );
  }
  return result.data;
}

export { toolErrorSchema } from '../domain/contract/tool-error';

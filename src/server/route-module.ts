import type { Hono } from 'hono';
import type { ServerContext } from './context';
import type { AppEnv } from './http/auth';

/** One resource module = one function returning its routes (mounted at the root; paths are absolute). */
export type RouteModule = (ctx: ServerContext) => Hono<AppEnv>;

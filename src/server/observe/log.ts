import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/** Pino's levels, quietest last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * `LOG_LEVEL`, else `info` — or `silent` inside the test runner (vitest sets `VITEST`, and the
 * servers the tests start inherit it), so test output stays readable unless a run asks for logs.
 */
export function logLevelOf(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return env.VITEST ? 'silent' : 'info';
  const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`);
  return level;
}

/**
 * The server's structured logs: one JSON object a line on stderr (stdout keeps `npm start`'s
 * readable banner). Inside a request, `log()` is that request's child logger, so every line it
 * writes — in a route, a tool, the error handler — carries the request id (`observability.ts`).
 */
const root: Logger = pino(
  { level: logLevelOf(process.env), base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
  pino.destination({ fd: 2, sync: true }),
);

const requestLog = new AsyncLocalStorage<Logger>();

/** The logger of the request being served, else the process's. */
export const log = (): Logger => requestLog.getStore() ?? root;

/**
 * The process's logger, for background work (the job loops): a timer a request happened to start
 * would otherwise carry that request's id into lines that are not about it.
 */
export const backgroundLog = (): Logger => root;

/** The server's configured level (LOG_LEVEL, read by config.ts) replaces the one read at import. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
}

/** Runs `fn` with a child logger whose lines carry `bindings` (a request's id), for every `log()` call inside it. */
export function withLogBindings<T>(bindings: Record<string, string>, fn: (logger: Logger) => T): T {
  const logger = root.child(bindings);
  return requestLog.run(logger, () => fn(logger));
}

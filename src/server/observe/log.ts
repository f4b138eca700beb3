import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import { logLevelOf, type LogLevel } from '../config';

/**
 * The server's structured logs: one JSON object a line on stderr (stdout keeps `npm start`'s
 * readable banner). Inside a request, `log()` is that request's child logger, so every line it
 * writes — in a route, a tool, the error handler — carries the request id (`observe/http.ts`).
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

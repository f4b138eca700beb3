import { DEFAULT_ACTION_SPACING_S } from '../domain/contract/runs';
import { DEFAULT_COMPUTE } from './compute/pool';
import { parseAllowedOrigins } from './http/security';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from '../domain/contract/webhooks';

/** Environment of the server and the admin CLI (contract 1, 2, 6). Parsed once; modules receive it. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  demoApiKey?: string;
  demoData: boolean;
  webhookRetryDelaysMs: number[];
  webhookAllowPrivate: boolean;
  webhookRetentionDays: number;
  /** Milliseconds between dispatcher polls. */
  webhookPollMs: number;
  /** Web origins besides the server's own that may call /api and /mcp (`ALLOWED_ORIGINS`). */
  allowedOrigins: string[];
  /** Failed authentications per client address per minute before 429 (`AUTH_FAILURES_PER_MINUTE`, default 20). */
  authFailuresPerMinute: number;
  /** Contract 8.3: each attempt's time limit. */
  webhookTimeoutMs: number;
  /** Contract 8.3: an endpoint whose every attempt failed this long is disabled ("failing"). */
  webhookDisableAfterHours: number;
  /** Attempts in flight at once in this process, and per endpoint (8.3 isolation). */
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  /** Contract 9.3 `ACTION_SPACING_S`: the least seconds between two actions of one sender (±50 % at random). */
  actionSpacingS: number;
  /** Whether this process runs campaigns (`RUN_WORKER`, default 1); 0 serves the API only while other processes run them. */
  runWorker: boolean;
  /** Rows the run engine moves per transaction (`RUN_BATCH`, default 100). */
  runBatch: number;
  /** Actions offered at once by this process (`RUN_CONCURRENCY`, default 16). */
  runConcurrency: number;
  /** How long an offered action stays leased before any process may offer it again (`RUN_LEASE_S`, default 60; longer than WEBHOOK_TIMEOUT_MS). */
  runLeaseS: number;
  /** Worker threads for CPU-heavy work (`COMPUTE_THREADS`, default: cores − 1, at least 1). */
  computeThreads: number;
}

/** A positive number from the environment, or the default when unset; anything else is a start-up error. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, integer = true): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${raw}`);
  return value;
}

/** A number ≥ 0 from the environment, or the default when unset. */
function nonNegative(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0, got ${raw}`);
  return value;
}

/** An offer in flight must never be offered again by another process: the lease outlasts the executor's time limit. */
function runLeaseS(env: NodeJS.ProcessEnv): number {
  const lease = positive(env, 'RUN_LEASE_S', 60, false);
  const timeoutMs = positive(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_ATTEMPT_TIMEOUT_MS);
  if (lease * 1000 <= timeoutMs)
    throw new Error(`RUN_LEASE_S must be longer than WEBHOOK_TIMEOUT_MS (${timeoutMs / 1000} s), got ${lease}`);
  return lease;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
/** A host only this machine can reach (the server then prints a sign-in link at every start). */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.has(host);
// Retries spread over about a day: 10 s, 1 min, 10 min, 1 h, 6 h, 18 h.
const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 600_000, 3_600_000, 21_600_000, 64_800_000];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0..65535, got ${env.PORT}`);
  const delays = env.WEBHOOK_RETRY_DELAYS_MS
    ? env.WEBHOOK_RETRY_DELAYS_MS.split(',').map((s) => Number(s.trim()))
    : DEFAULT_RETRY_DELAYS_MS;
  if (delays.some((d) => !Number.isFinite(d) || d < 0))
    throw new Error('WEBHOOK_RETRY_DELAYS_MS must be comma-separated non-negative numbers');
  if (env.DEMO_API_KEY !== undefined && env.DEMO_API_KEY.length < 32) throw new Error('DEMO_API_KEY must be at least 32 characters');
  const authFailures = env.AUTH_FAILURES_PER_MINUTE ? Number(env.AUTH_FAILURES_PER_MINUTE) : 20;
  if (!Number.isInteger(authFailures) || authFailures < 1) throw new Error('AUTH_FAILURES_PER_MINUTE must be a positive integer');
  const retention = env.WEBHOOK_RETENTION_DAYS ? Number(env.WEBHOOK_RETENTION_DAYS) : 30;
  return {
    host,
    port,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    demoApiKey: env.DEMO_API_KEY || undefined,
    demoData: env.DEMO_DATA !== '0',
    webhookRetryDelaysMs: delays,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE !== undefined ? env.WEBHOOK_ALLOW_PRIVATE === '1' : LOOPBACK.has(host),
    webhookRetentionDays: Number.isFinite(retention) && retention > 0 ? retention : 30,
    webhookPollMs: env.WEBHOOK_POLL_MS ? Number(env.WEBHOOK_POLL_MS) : 500,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    authFailuresPerMinute: authFailures,
    webhookTimeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_ATTEMPT_TIMEOUT_MS),
    webhookDisableAfterHours: positive(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120, false),
    // 16 endpoints whose receivers hang fill a process's slots, as before; one healthy endpoint drains twice as fast.
    webhookConcurrency: positive(env, 'WEBHOOK_CONCURRENCY', 128),
    webhookEndpointConcurrency: positive(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 8),
    actionSpacingS: nonNegative(env, 'ACTION_SPACING_S', DEFAULT_ACTION_SPACING_S),
    runWorker: env.RUN_WORKER !== '0',
    runBatch: positive(env, 'RUN_BATCH', 100),
    runConcurrency: positive(env, 'RUN_CONCURRENCY', 16),
    runLeaseS: runLeaseS(env),
    computeThreads: positive(env, 'COMPUTE_THREADS', DEFAULT_COMPUTE.threads),
  };
}

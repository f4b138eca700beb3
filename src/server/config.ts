import { DEFAULT_ACTION_SPACING_S } from '../domain/contract/runs';
import { logLevelOf, type LogLevel } from './observe/log';
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
  /** Contract 6: how long a delivery may be redelivered (`WEBHOOK_RETENTION_DAYS`, at most `retentionDays`). */
  webhookRetentionDays: number;
  /** Contract 10.5 `RETENTION_DAYS` (default 30, at least 8): older deliveries, events, decided actions and sandbox rows are pruned. */
  retentionDays: number;
  /** Contract 10.5: the bearer token that opens `GET /metrics` on a non-loopback `HOST` (`METRICS_TOKEN`). */
  metricsToken?: string;
  /** `LOG_LEVEL` of the JSON logs (see `logLevelOf`). */
  logLevel: LogLevel;
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
  /** Actions offered at once by this process (`RUN_CONCURRENCY`, default 64). */
  runConcurrency: number;
  /** How long an offered action stays leased before any process may offer it again (`RUN_LEASE_S`, default 60; longer than WEBHOOK_TIMEOUT_MS). */
  runLeaseS: number;
  /** Worker threads for CPU-heavy work (`COMPUTE_THREADS`, default: cores − 1, at least 1). */
  computeThreads: number;
}

/** What a number read from the environment must be; the message names it. */
interface NumberRule {
  readonly min: number;
  /** Inclusive. */
  readonly max?: number;
  readonly integer?: boolean;
}

const POSITIVE: NumberRule = { min: Number.MIN_VALUE };
const POSITIVE_INTEGER: NumberRule = { min: Number.MIN_VALUE, integer: true };

function ruleWords({ min, max, integer }: NumberRule): string {
  const kind = integer ? 'an integer' : 'a number';
  if (max !== undefined) return `${kind} from ${min} to ${max}`;
  return min === Number.MIN_VALUE ? `a positive ${integer ? 'integer' : 'number'}` : `${kind} of at least ${min}`;
}

function checkedNumber(name: string, raw: string, rule: NumberRule): number {
  const value = Number(raw.trim());
  const fits =
    raw.trim() !== '' &&
    Number.isFinite(value) &&
    value >= rule.min &&
    (rule.max === undefined || value <= rule.max) &&
    (!rule.integer || Number.isInteger(value));
  if (!fits) throw new Error(`${name} must be ${ruleWords(rule)}, got ${raw}`);
  return value;
}

/** The one reader of a number setting: the default when unset or empty, else a number that keeps `rule` (anything else stops the start). */
function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, rule: NumberRule): number {
  const raw = env[name];
  return raw === undefined || raw === '' ? fallback : checkedNumber(name, raw, rule);
}

/** A comma-separated list of numbers, each keeping `rule`. */
function numberListSetting(env: NodeJS.ProcessEnv, name: string, fallback: readonly number[], rule: NumberRule): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return [...fallback];
  return raw.split(',').map((item) => {
    try {
      return checkedNumber(name, item, rule);
    } catch {
      throw new Error(`${name} must be comma-separated numbers, each ${ruleWords(rule)}, got ${raw}`);
    }
  });
}

/** An offer in flight must never be offered again by another process: the lease outlasts the executor's time limit. */
function runLeaseS(env: NodeJS.ProcessEnv): number {
  const lease = numberSetting(env, 'RUN_LEASE_S', 60, POSITIVE);
  const timeoutMs = numberSetting(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_ATTEMPT_TIMEOUT_MS, POSITIVE_INTEGER);
  if (lease * 1000 <= timeoutMs)
    throw new Error(`RUN_LEASE_S must be longer than WEBHOOK_TIMEOUT_MS (${timeoutMs / 1000} s), got ${lease}`);
  return lease;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
/** A host only this machine can reach (the server then prints a sign-in link at every start). */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.has(host);
// Retries spread over about a day: 10 s, 1 min, 10 min, 1 h, 6 h, 18 h.
const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 600_000, 3_600_000, 21_600_000, 64_800_000];

/** Contract 10.5: pruning never keeps less than this many days (a week of limits plus a day). */
export const MIN_RETENTION_DAYS = 8;
const DEFAULT_RETENTION_DAYS = 30;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  if (env.DEMO_API_KEY !== undefined && env.DEMO_API_KEY.length < 32) throw new Error('DEMO_API_KEY must be at least 32 characters');
  const retentionDays = numberSetting(env, 'RETENTION_DAYS', DEFAULT_RETENTION_DAYS, { min: MIN_RETENTION_DAYS });
  const webhookRetentionDays = numberSetting(env, 'WEBHOOK_RETENTION_DAYS', Math.min(DEFAULT_RETENTION_DAYS, retentionDays), POSITIVE);
  if (webhookRetentionDays > retentionDays)
    throw new Error(`WEBHOOK_RETENTION_DAYS (${webhookRetentionDays}) may not exceed RETENTION_DAYS (${retentionDays})`);
  return {
    host,
    port: numberSetting(env, 'PORT', 8787, { min: 0, max: 65535, integer: true }),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    demoApiKey: env.DEMO_API_KEY || undefined,
    demoData: env.DEMO_DATA !== '0',
    webhookRetryDelaysMs: numberListSetting(env, 'WEBHOOK_RETRY_DELAYS_MS', DEFAULT_RETRY_DELAYS_MS, { min: 0 }),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE !== undefined ? env.WEBHOOK_ALLOW_PRIVATE === '1' : LOOPBACK.has(host),
    webhookRetentionDays,
    retentionDays,
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: logLevelOf(env),
    webhookPollMs: numberSetting(env, 'WEBHOOK_POLL_MS', 500, POSITIVE),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    authFailuresPerMinute: numberSetting(env, 'AUTH_FAILURES_PER_MINUTE', 20, POSITIVE_INTEGER),
    webhookTimeoutMs: numberSetting(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_ATTEMPT_TIMEOUT_MS, POSITIVE_INTEGER),
    webhookDisableAfterHours: numberSetting(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120, POSITIVE),
    // 16 endpoints whose receivers hang fill a process's slots, as before; one healthy endpoint drains a
    // backlog at ≥ 500/s (issue 33: 8 in flight gave 184/s through an enroll of 10,000, 32 gave 533/s, same run).
    webhookConcurrency: numberSetting(env, 'WEBHOOK_CONCURRENCY', 512, POSITIVE_INTEGER),
    webhookEndpointConcurrency: numberSetting(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 32, POSITIVE_INTEGER),
    actionSpacingS: numberSetting(env, 'ACTION_SPACING_S', DEFAULT_ACTION_SPACING_S, { min: 0 }),
    runWorker: env.RUN_WORKER !== '0',
    runBatch: numberSetting(env, 'RUN_BATCH', 100, POSITIVE_INTEGER),
    runConcurrency: numberSetting(env, 'RUN_CONCURRENCY', 64, POSITIVE_INTEGER),
    runLeaseS: runLeaseS(env),
    computeThreads: numberSetting(env, 'COMPUTE_THREADS', DEFAULT_COMPUTE.threads, POSITIVE_INTEGER),
  };
}

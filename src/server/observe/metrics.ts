import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EXECUTOR_KINDS } from '../../domain/contract/executors';
import type { Queryable } from '../db/types';

/**
 * Contract 10.5 `GET /metrics`: the process's counters, kept by prom-client in one registry. The
 * engine, the webhook dispatcher and the job loop call the small functions below; the gauges of
 * what waits in the database are read by SQL when the page is scraped (`readDatabaseGauges`).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, in seconds until the answer started.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** A counter or gauge of this registry: its name, what it counts, and the labels it is split by. */
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers });
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Gauge<L>({ name, help, labelNames, registers });

const stepsMoved = counter('engine_steps_moved_total', 'Timeline steps the run engine wrote (a prospect entering a step).');

/** Who carried an action out: the workspace's executor, or the engine's own call (webhook / HTTP request steps). */
export type ActionExecutor = (typeof EXECUTOR_KINDS)[number] | 'engine_call';

const actionsOffered = counter('engine_actions_offered_total', 'Actions offered to an executor, by executor kind.', ['executor']);
const actionAnswers = counter(
  'engine_action_answers_total',
  'Executor answers by executor kind and outcome (done, failed, later, rate_limited, retry).',
  ['executor', 'outcome'],
);
const webhookAttempts = counter(
  'webhook_attempts_total',
  'Webhook delivery attempts by outcome (delivered: a 2xx answer; failed: anything else).',
  ['outcome'],
);
const jobLoopErrors = counter('job_loop_errors_total', 'Errors of the background job loop by source (webhooks, runs, retention).', [
  'source',
]);
const dueBacklog = gauge(
  'engine_due_backlog',
  'Run work due now and not yet taken: enrollments to move and actions to offer (campaigns running).',
  ['kind'],
);
const dueLag = gauge(
  'engine_oldest_due_lag_seconds',
  'How long the oldest due run work (enrollment or action) has been due, in seconds (0 when nothing is due).',
);
const webhookQueue = gauge(
  'webhook_queue_depth',
  'Webhook deliveries waiting to be sent, by status (pending, or held for a disabled endpoint).',
  ['status'],
);

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method, route, status: String(status) }, seconds);
}

export function countStepsMoved(steps: number): void {
  if (steps > 0) stepsMoved.inc(steps);
}

export function countActionOffered(executor: ActionExecutor): void {
  actionsOffered.inc({ executor });
}

/** `outcome`: the answer's status (contract 9.4: done, failed, later, rate_limited, retry). */
export function countActionAnswer(executor: ActionExecutor, outcome: string): void {
  actionAnswers.inc({ executor, outcome });
}

export function countWebhookAttempt(delivered: boolean): void {
  webhookAttempts.inc({ outcome: delivered ? 'delivered' : 'failed' });
}

export function countJobLoopError(source: string): void {
  jobLoopErrors.inc({ source });
}

/**
 * The gauges of what waits in the database, read at scrape time (one statement, each part an
 * indexed read of the rows that are due — never a scan of the history).
 */
export async function readDatabaseGauges(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ enrollments: number; actions: number; oldest_s: number | null; pending: number; held: number }>(
    `WITH due_enrollments AS (
       SELECT e.next_step_at AS due FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
       WHERE e.status = 'active' AND e.next_step_at <= clock_now() AND c.status = 'active'),
     due_actions AS (
       SELECT a.not_before AS due FROM run_actions a LEFT JOIN campaigns c ON c.id = a.campaign_id
       WHERE a.status = 'scheduled' AND a.not_before <= clock_now() AND (a.campaign_id IS NULL OR c.status = 'active')
       UNION ALL
       SELECT a.locked_until FROM run_actions a LEFT JOIN campaigns c ON c.id = a.campaign_id
       WHERE a.status = 'offered' AND a.locked_until < clock_now() AND (a.campaign_id IS NULL OR c.status = 'active'))
     SELECT (SELECT count(*)::int FROM due_enrollments) AS enrollments,
            (SELECT count(*)::int FROM due_actions) AS actions,
            extract(epoch FROM clock_now() - least((SELECT min(due) FROM due_enrollments), (SELECT min(due) FROM due_actions)))::float8 AS oldest_s,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS pending,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'held') AS held`,
  );
  const row = rows[0]!;
  dueBacklog.set({ kind: 'enrollments' }, row.enrollments);
  dueBacklog.set({ kind: 'actions' }, row.actions);
  dueLag.set(Math.max(0, row.oldest_s ?? 0));
  webhookQueue.set({ status: 'pending' }, row.pending);
  webhookQueue.set({ status: 'held' }, row.held);
}

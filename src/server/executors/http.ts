import { DEFAULT_RATE_LIMIT_SECONDS } from '../../domain/contract/executors';
import type { Queryable } from '../db/types';
import type { ExecutorAnswer, OfferedAction } from './executor';
import { sendWebhook, type SendOutcome } from '../webhooks/sender';
import type { HttpTarget } from './settings';

/**
 * Contract 9.4 HTTP executor: each action is POSTed signed per Standard Webhooks (`webhook-id` =
 * actionId, the same on every retry) through the webhooks' sender and its SSRF guard. The answer
 * decides: 200 {status}, 202 later, 429 rate limited; anything else is retried on the webhook schedule.
 */

export interface HttpOptions {
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  /** WEBHOOK_RETRY_DELAYS_MS: the delay before each retry of an unusable answer. */
  readonly retryDelaysMs: readonly number[];
}

const PROSPECT_COLUMNS = `id AS "prospectId", profile_url AS "profileUrl", name, headline, company, email, time_zone AS "timeZone",
  custom_fields AS "customFields"`;

/** The prospect as the API shows it (contract 9.1 fields), for the executor and the engine's own calls. */
export async function prospectOf(db: Queryable, action: OfferedAction): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${PROSPECT_COLUMNS} FROM prospects WHERE workspace_id = $1 AND profile_url = $2`,
    [action.workspaceId, action.prospect.profileUrl],
  );
  return rows[0] ?? { ...action.prospect };
}

/** The body the executor receives (contract 9.4). */
async function offeredBody(db: Queryable, action: OfferedAction): Promise<string> {
  const sender = action.sender.accountId
    ? (await db.query<{ name: string; channel: string }>('SELECT name, channel FROM accounts WHERE id = $1', [action.sender.accountId]))
        .rows[0]
    : undefined;
  return JSON.stringify({
    actionId: action.actionId,
    type: action.type,
    campaignId: action.campaignId,
    enrollmentId: action.enrollmentId,
    nodeId: action.nodeId,
    prospect: await prospectOf(db, action),
    sender: { accountId: action.sender.accountId, name: sender?.name ?? null, channel: sender?.channel ?? null },
    payload: action.payload,
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a receiver's answer means (its body is read up to the first KiB). */
export function answerOf(outcome: SendOutcome, retryDelaysMs: readonly number[]): ExecutorAnswer {
  const retry = (error: string): ExecutorAnswer => ({ status: 'retry', error, delaysMs: retryDelaysMs });
  if (outcome.status === 202) return { status: 'later' };
  if (outcome.status === 429)
    return { status: 'rate_limited', retryAfterSeconds: Math.ceil((outcome.retryAfterMs ?? DEFAULT_RATE_LIMIT_SECONDS * 1000) / 1000) };
  if (outcome.status !== 200) return retry(outcome.error ?? `The executor answered HTTP ${outcome.status}.`);
  let body: unknown;
  try {
    body = JSON.parse(outcome.excerpt);
  } catch {
    return retry('The executor answered 200 without a JSON body {status}.');
  }
  if (!isRecord(body)) return retry('The executor answered 200 without a JSON body {status}.');
  if (body.status === 'done') return { status: 'done', result: isRecord(body.result) ? body.result : {} };
  if (body.status === 'failed')
    return {
      status: 'failed',
      error: typeof body.error === 'string' && body.error !== '' ? body.error.slice(0, 2000) : 'The executor failed.',
    };
  if (body.status === 'rate_limited') {
    const seconds =
      typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds > 0 ? body.retryAfterSeconds : DEFAULT_RATE_LIMIT_SECONDS;
    return { status: 'rate_limited', retryAfterSeconds: Math.ceil(seconds) };
  }
  return retry('The executor answered 200 with a status other than done, failed or rate_limited.');
}

/** Offers one action to the workspace's HTTP executor. */
export async function offerOverHttp(
  db: Queryable,
  target: HttpTarget,
  action: OfferedAction,
  options: HttpOptions,
): Promise<ExecutorAnswer> {
  const outcome = await sendWebhook({
    url: target.url,
    secret: target.secret,
    previousSecret: target.previousSecret,
    eventId: action.actionId,
    body: await offeredBody(db, action),
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs,
  });
  return answerOf(outcome, options.retryDelaysMs);
}

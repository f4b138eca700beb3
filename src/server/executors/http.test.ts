import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT_SECONDS } from '../../domain/contract/executors';
import type { SendOutcome } from '../webhooks/sender';
import { answerOf } from './http';

/** Contract 9.4: what each receiver answer means to the engine. */

const DELAYS = [10_000, 60_000];
const outcome = (status: number | null, body = '', over: Partial<SendOutcome> = {}): SendOutcome => ({
  ok: status !== null && status >= 200 && status < 300,
  status,
  error: status === null ? 'network error: connect ECONNREFUSED' : status >= 300 ? `HTTP ${status}` : null,
  excerpt: body,
  retryAfterMs: null,
  durationMs: 5,
  interrupted: false,
  ...over,
});

describe('answerOf', () => {
  it('200 {status} decides at once', () => {
    expect(answerOf(outcome(200, '{"status":"done","result":{"score":71}}'), DELAYS)).toEqual({ status: 'done', result: { score: 71 } });
    expect(answerOf(outcome(200, '{"status":"done"}'), DELAYS)).toEqual({ status: 'done', result: {} });
    expect(answerOf(outcome(200, '{"status":"failed","error":"Profile not found"}'), DELAYS)).toEqual({
      status: 'failed',
      error: 'Profile not found',
    });
    expect(answerOf(outcome(200, '{"status":"rate_limited","retryAfterSeconds":90}'), DELAYS)).toEqual({
      status: 'rate_limited',
      retryAfterSeconds: 90,
    });
  });

  it('202 waits for the result; 429 is rate limited for Retry-After, or the default', () => {
    expect(answerOf(outcome(202), DELAYS)).toEqual({ status: 'later' });
    expect(answerOf(outcome(429, '', { retryAfterMs: 120_000 }), DELAYS)).toEqual({ status: 'rate_limited', retryAfterSeconds: 120 });
    expect(answerOf(outcome(429), DELAYS)).toEqual({ status: 'rate_limited', retryAfterSeconds: DEFAULT_RATE_LIMIT_SECONDS });
  });

  it('anything else is retried on the schedule, with the reason', () => {
    expect(answerOf(outcome(500), DELAYS)).toEqual({ status: 'retry', error: 'HTTP 500', delaysMs: DELAYS });
    expect(answerOf(outcome(null), DELAYS)).toMatchObject({ status: 'retry', error: expect.stringContaining('ECONNREFUSED') });
    expect(answerOf(outcome(200, 'ok'), DELAYS)).toMatchObject({ status: 'retry', error: expect.stringContaining('JSON') });
    expect(answerOf(outcome(200, '[1]'), DELAYS)).toMatchObject({ status: 'retry' });
    expect(answerOf(outcome(200, '{"status":"maybe"}'), DELAYS)).toMatchObject({ status: 'retry' });
    expect(answerOf(outcome(204), DELAYS)).toMatchObject({ status: 'retry' });
  });
});

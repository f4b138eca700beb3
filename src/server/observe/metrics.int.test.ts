import { describe, expect, it } from 'vitest';
import { api, newWorkspace, testEnv } from '../testing/fixtures';

describe('GET /metrics on the real server (contract 10.5)', () => {
  it('reads the due backlog, its lag and the webhook queue from the database at scrape time', async () => {
    const res = await fetch(`${testEnv().baseUrl}/metrics`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/^engine_due_backlog\{kind="enrollments"\} \d+$/m);
    expect(page).toMatch(/^engine_due_backlog\{kind="actions"\} \d+$/m);
    expect(page).toMatch(/^engine_oldest_due_lag_seconds \d+(\.\d+)?(e[+-]?\d+)?$/m);
    expect(page).toMatch(/^webhook_queue_depth\{status="pending"\} \d+$/m);
    expect(page).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('counts API requests under their route pattern, and answers each with its request id', async () => {
    const ws = await newWorkspace();
    const got = await api(ws.apiKey, 'GET', '/api/v1/campaigns/00000000-0000-4000-8000-000000000000/run', undefined, {
      'X-Request-Id': 'trace-me-1',
    });
    expect(got.status).toBe(404);
    expect(got.headers.get('X-Request-Id')).toBe('trace-me-1');
    const page = await (await fetch(`${testEnv().baseUrl}/metrics`)).text();
    expect(page).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/campaigns\/:campaignId\/run",status="404"\} [1-9]/,
    );
  });
});

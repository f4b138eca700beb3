import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createComputePool } from './compute/pool';
import { loadConfig } from './config';
import type { Db } from './db/types';
import { metricsRoutes, observeRequests } from './observability';
import { log } from './observe/log';

/** A database whose every query answers one row of zeros (the scrape-time gauges). */
const zeroDb = {
  kind: 'pglite',
  query: async () => ({ rows: [{ enrollments: 0, actions: 0, oldest_s: null, pending: 0, held: 0 }], rowCount: 1 }),
} as unknown as Db;

function appWith(env: Record<string, string>) {
  const app = new Hono();
  app.use('*', observeRequests());
  app.get('/things/:id', (c) => c.json({ reqId: log().bindings().reqId }));
  app.route(
    '/',
    metricsRoutes({ db: zeroDb, config: loadConfig(env), stopping: new AbortController().signal, compute: createComputePool() }),
  );
  return app;
}

describe('request ids and GET /metrics (contract 10.5)', () => {
  it('gives every request an id, echoed in X-Request-Id and bound to every log line written while it is served', async () => {
    const app = appWith({});
    const made = await app.request('/things/1');
    const id = made.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await made.json()).toEqual({ reqId: id });

    const kept = await app.request('/things/2', { headers: { 'X-Request-Id': 'proxy-42' } });
    expect(kept.headers.get('X-Request-Id')).toBe('proxy-42');
    expect(await kept.json()).toEqual({ reqId: 'proxy-42' });
    // An id that could forge log lines or grow without bound is replaced.
    const replaced = await app.request('/things/3', { headers: { 'X-Request-Id': 'a b\u00e9' } });
    expect(replaced.headers.get('X-Request-Id')).not.toBe('a b\u00e9');
    expect(log().bindings().reqId).toBeUndefined(); // outside a request: the process's logger
  });

  it('labels request durations by route pattern, never by the raw path', async () => {
    const app = appWith({});
    await app.request('/things/very-unique-id-123');
    await app.request('/nowhere/at/all');
    const text = await (await app.request('/metrics')).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/things\/:id",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).not.toContain('very-unique-id-123');
  });

  it('is open on a loopback HOST, else only with the METRICS_TOKEN bearer; anyone else gets 404', async () => {
    const local = await appWith({ HOST: '127.0.0.1' }).request('/metrics');
    expect(local.status).toBe(200);
    expect(local.headers.get('Content-Type')).toContain('text/plain');
    const page = await local.text();
    for (const name of [
      'engine_steps_moved_total',
      'engine_actions_offered_total',
      'engine_action_answers_total',
      'engine_due_backlog',
      'engine_oldest_due_lag_seconds',
      'webhook_queue_depth',
      'webhook_attempts_total',
      'job_loop_errors_total',
    ])
      expect(page).toContain(`# TYPE ${name} `);

    const open = appWith({ HOST: '0.0.0.0' });
    expect((await open.request('/metrics')).status).toBe(404);
    const guarded = appWith({ HOST: '0.0.0.0', METRICS_TOKEN: 'scrape-secret' });
    expect((await guarded.request('/metrics')).status).toBe(404);
    expect((await guarded.request('/metrics', { headers: { Authorization: 'Bearer wrong-secret' } })).status).toBe(404);
    expect((await guarded.request('/metrics', { headers: { Authorization: 'Bearer scrape-secret' } })).status).toBe(200);
  });
});

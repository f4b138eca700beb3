import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, limitResponseSize } from './response-limit';

describe('limitResponseSize', () => {
  const app = new Hono();
  app.use('*', limitResponseSize());
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/big', (c) => c.json({ text: 'x'.repeat(MAX_RESPONSE_BYTES) }));
  // Fewer characters than the limit, more bytes: 'é' is two bytes in UTF-8.
  app.get('/big-in-bytes', (c) => c.json({ text: 'é'.repeat(MAX_RESPONSE_BYTES / 2 + 10) }));
  app.get('/created', (c) => c.json({ id: 1 }, 201, { 'X-Extra': 'yes' }));
  app.get('/stream', (c) => c.body('data: x\n\n', 200, { 'Content-Type': 'text/event-stream' }));

  it('passes answers under the limit unchanged and leaves streams alone', async () => {
    expect(await (await app.request('/small')).json()).toEqual({ ok: true });
    expect(await (await app.request('/stream')).text()).toBe('data: x\n\n');
    const created = await app.request('/created');
    expect([created.status, created.headers.get('Content-Type'), created.headers.get('X-Extra')]).toEqual([201, 'application/json', 'yes']);
    expect(await created.json()).toEqual({ id: 1 });
  });
  it('replaces a JSON answer over the limit with 422 response_too_large', async () => {
    const res = await app.request('/big');
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ code: 'response_too_large', detail: expect.stringMatching(/8 MiB limit/) });
    expect((await app.request('/big-in-bytes')).status).toBe(422);
  });
});

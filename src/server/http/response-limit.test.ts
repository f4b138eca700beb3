import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, limitResponseSize } from './response-limit';

describe('limitResponseSize', () => {
  const app = new Hono();
  app.use('*', limitResponseSize());
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/big', (c) => c.json({ text: 'x'.repeat(MAX_RESPONSE_BYTES) }));
  app.get('/stream', (c) => c.body('data: x\n\n', 200, { 'Content-Type': 'text/event-stream' }));

  it('passes answers under the limit unchanged and leaves streams alone', async () => {
    expect(await (await app.request('/small')).json()).toEqual({ ok: true });
    expect(await (await app.request('/stream')).text()).toBe('data: x\n\n');
  });
  it('replaces a JSON answer over the limit with 422 response_too_large', async () => {
    const res = await app.request('/big');
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ code: 'response_too_large', detail: expect.stringMatching(/8 MiB limit/) });
  });
});

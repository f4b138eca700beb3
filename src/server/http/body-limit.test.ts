import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './auth';
import { bodyLimits, LARGE_REQUESTS_PER_KEY, MAX_BODY_BYTES, MAX_LARGE_BODY_BYTES } from './body-limit';

/** An app behind the body middlewares whose /mcp handler answers once `openGate` was called (the key is the X-Key header). */
function appWithGate() {
  const bodies = bodyLimits();
  const app = new Hono<AppEnv>();
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  app.use('*', bodies.limitSize, async (c, next) => {
    c.set('caller', { keyId: c.req.header('X-Key') ?? 'none', workspaces: [] });
    await next();
  });
  app.use('*', bodies.admitLarge);
  app.post('/mcp', async (c) => {
    const text = await c.req.text();
    await gate;
    return c.json({ read: text.length });
  });
  app.post('/api/v1/other', async (c) => c.json({ read: (await c.req.text()).length }));
  // As a client sends them: a string with its Content-Length, a stream chunked.
  const post = (path: string, key: string, body: string | ReadableStream) =>
    typeof body === 'string'
      ? app.request(path, { method: 'POST', headers: { 'X-Key': key, 'Content-Length': String(Buffer.byteLength(body)) }, body })
      : app.request(path, {
          method: 'POST',
          headers: { 'X-Key': key, 'Transfer-Encoding': 'chunked' },
          body,
          duplex: 'half',
        } as RequestInit);
  return { post, openGate };
}

const large = 'x'.repeat(MAX_BODY_BYTES + 1);
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('request bodies', () => {
  it(`a key's large requests beyond ${LARGE_REQUESTS_PER_KEY} in progress get 429 rate_limited with Retry-After; other keys and small bodies pass`, async () => {
    const { post, openGate } = appWithGate();
    const held = Array.from({ length: LARGE_REQUESTS_PER_KEY }, () => post('/mcp', 'heavy', large));
    await flush();
    const refused = await post('/mcp', 'heavy', large);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringContaining('bodies over 1 MiB in progress') });
    const otherKey = post('/mcp', 'quiet', large);
    const small = post('/mcp', 'heavy', '{}');
    openGate();
    for (const res of await Promise.all([...held, otherKey, small])) expect(res.status).toBe(200);
    // The share is free again once they have answered.
    expect((await post('/mcp', 'heavy', large)).status).toBe(200);
  });

  it('a body sent without a length counts as large on the routes that take large bodies, and is refused past their limit', async () => {
    const { post, openGate } = appWithGate();
    const streamOf = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new Uint8Array(Math.min(64 * 1024, bytes - sent)));
          controller.close();
        },
      });
    const held = Array.from({ length: LARGE_REQUESTS_PER_KEY }, () => post('/mcp', 'streamer', streamOf(10)));
    await flush();
    expect((await post('/mcp', 'streamer', streamOf(10))).status).toBe(429);
    openGate();
    for (const res of await Promise.all(held)) expect(res.status).toBe(200);
    const tooLarge = await post('/mcp', 'streamer', streamOf(MAX_LARGE_BODY_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('Connection')).toBe('close');
  });

  it('other routes refuse a body over 1 MiB with 413 payload_too_large by its Content-Length', async () => {
    const { post } = appWithGate();
    const res = await post('/api/v1/other', 'heavy', large);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', detail: 'The request body is larger than 1 MiB.' });
  });
});

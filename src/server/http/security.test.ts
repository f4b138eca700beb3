import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { originGuard, ownHostnames, parseAllowedOrigins } from './security';

describe('ALLOWED_ORIGINS', () => {
  it('parses comma-separated origins, normalised', () => {
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    expect(parseAllowedOrigins(' https://a.example/ , http://b.example:8080 ')).toEqual(['https://a.example', 'http://b.example:8080']);
  });
  it.each(['not a url', 'null', 'file:///x'])('refuses %s', (value) => {
    expect(() => parseAllowedOrigins(value)).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('originGuard', () => {
  const app = new Hono();
  app.use('*', originGuard(['https://studio.example'], '127.0.0.1'));
  app.get('/api/x', (c) => c.text('ok'));
  // What @hono/node-server passes: the socket the request arrived on (port 8787 here).
  const socket = { incoming: { socket: { localPort: 8787 } } };
  const call = (origin?: string, host = '127.0.0.1:8787') =>
    app.request(`http://${host}/api/x`, { headers: { ...(origin ? { Origin: origin } : {}), Host: host } }, socket);
  it('admits no Origin, the own origin and an allowed one', async () => {
    for (const origin of [undefined, 'http://127.0.0.1:8787', 'https://studio.example']) expect((await call(origin)).status).toBe(200);
  });
  it('refuses any other origin with 403 origin_not_allowed', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:81', 'https://studio.example.evil', 'null', 'https://127.0.0.1:8787']) {
      const res = await call(origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'origin_not_allowed' });
    }
  });
  it('refuses a DNS-rebinding page, whose Host header matches its Origin', async () => {
    const res = await call('http://evil.example:8787', 'evil.example:8787');
    expect(res.status).toBe(403);
  });
  it('knows the loopback names when listening on every interface', () => {
    expect([...ownHostnames('0.0.0.0')].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect([...ownHostnames('::1')]).toEqual(['[::1]']);
    expect([...ownHostnames('Studio.Example')]).toEqual(['studio.example']);
  });
});

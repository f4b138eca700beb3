import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { originGuard, parseAllowedOrigins } from './security';

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
  app.use('*', originGuard(['https://studio.example']));
  app.get('/api/x', (c) => c.text('ok'));
  const call = (origin?: string) => app.request('http://server.test/api/x', { headers: origin ? { Origin: origin } : {} });
  it('admits no Origin, the own origin and an allowed one', async () => {
    for (const origin of [undefined, 'http://server.test', 'https://studio.example']) expect((await call(origin)).status).toBe(200);
  });
  it('refuses any other origin with 403 origin_not_allowed', async () => {
    for (const origin of ['https://evil.example', 'http://server.test:81', 'https://studio.example.evil', 'null']) {
      const res = await call(origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'origin_not_allowed' });
    }
  });
});

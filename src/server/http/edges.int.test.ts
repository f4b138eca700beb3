import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, newWorkspace, testEnv } from '../testing/fixtures';
import { CONTENT_SECURITY_POLICY } from './security';

/** Over real HTTP: security headers, the Origin check, the failed-authentication rate limit. */

/** A request from another loopback address (127.0.0.x), so the rate limit it trips is its own, not the suite's. */
function fromAddress(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${testEnv().baseUrl}${path}`, { localAddress, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('addresses of the app', () => {
  // The app shows "Page not found" for them (App.test.tsx); the server must hand it the page to do so.
  it('a malformed or unknown page address gets the same app page as a campaign’s address', async () => {
    const page = await api(null, 'GET', '/campaigns/c1');
    expect(page.status).not.toBe(404);
    for (const path of ['/campaigns/%E0', '/no-such-page']) {
      const res = await api(null, 'GET', path);
      expect({ status: res.status, type: res.headers.get('content-type'), body: res.body }).toEqual({
        status: page.status,
        type: page.headers.get('content-type'),
        body: page.body,
      });
    }
  });
});

describe('security headers', () => {
  it('every answer carries the CSP, nosniff and no-referrer; authenticated JSON is not stored', async () => {
    const ws = await newWorkspace();
    const list = await api(ws.apiKey, 'GET', '/api/v1/content/inspiration');
    expect(list.status).toBe(200);
    for (const res of [
      list,
      await api(null, 'GET', '/api/v1/content/inspiration'),
      await api(null, 'GET', '/healthz'),
      await api(null, 'GET', '/'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(list.headers.get('cache-control')).toBe('no-store');
    const mcp = await api(ws.apiKey, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(mcp.headers.get('cache-control')).toBe('no-store');
    const csp = CONTENT_SECURITY_POLICY;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('the API reference page admits exactly its own inline stylesheet', async () => {
    const page = await api(null, 'GET', '/docs/api');
    expect(page.status).toBe(200);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body as string)![1];
    const hash = createHash('sha256').update(css).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.body).not.toMatch(/<script/);
  });
});

describe('Origin check on /api and /mcp', () => {
  it('refuses a DNS-rebinding page: its Host header names it like its Origin, but it is not this server', async () => {
    const ws = await newWorkspace();
    const port = new URL(testEnv().baseUrl).port;
    const rebound = `evil.example:${port}`;
    const res = await fromAddress('127.0.0.1', '/api/v1/content/inspiration', {
      Host: rebound,
      Origin: `http://${rebound}`,
      Authorization: `Bearer ${ws.apiKey}`,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('passes without Origin and from the own origin; refuses another origin with 403 origin_not_allowed', async () => {
    const ws = await newWorkspace();
    const own = new URL(testEnv().baseUrl).origin;
    expect((await api(ws.apiKey, 'GET', '/api/v1/content/inspiration', undefined, { Origin: own })).status).toBe(200);
    for (const origin of ['https://evil.example', 'null', own.replace('127.0.0.1', 'localhost')]) {
      const rest = await api(ws.apiKey, 'POST', '/api/v1/content/inspiration', { text: 'x' }, { Origin: origin });
      expect(rest.status).toBe(403);
      expect(rest.headers.get('content-type')).toBe('application/problem+json');
      expect(rest.body).toMatchObject({ status: 403, code: 'origin_not_allowed' });
      const mcp = await api(ws.apiKey, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { Origin: origin });
      expect(mcp.status).toBe(403);
      expect(mcp.body.code).toBe('origin_not_allowed');
    }
    // Nothing was saved by the refused requests.
    expect((await api(ws.apiKey, 'GET', '/api/v1/content/inspiration')).body.items).toHaveLength(0);
  });
});

describe('failed-authentication rate limit', () => {
  it('after 20 failed keys from one address: 429 rate_limited with Retry-After, for keys of that prefix; a valid key and other addresses unaffected', async () => {
    const ws = await newWorkspace();
    const wrong = { Authorization: 'Bearer cs_not-a-real-key-000000000000' };
    for (let i = 0; i < 20; i++) expect((await fromAddress('127.0.0.2', '/api/v1/content/inspiration', wrong)).status).toBe(401);
    const limited = await fromAddress('127.0.0.2', '/api/v1/content/inspiration', wrong);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Counted per (address, key prefix): someone guessing from a shared address does not lock the owner of a real key out.
    const valid = await fromAddress('127.0.0.2', '/api/v1/content/inspiration', { Authorization: `Bearer ${ws.apiKey}` });
    expect(valid.status).toBe(200);
    expect((await fromAddress('127.0.0.2', '/mcp', wrong)).status).toBe(429);
    expect((await api(ws.apiKey, 'GET', '/api/v1/content/inspiration')).status).toBe(200);
  });

  it('requests without any key are not counted as failed attempts', async () => {
    for (let i = 0; i < 25; i++) expect((await fromAddress('127.0.0.3', '/api/v1/content/inspiration', {})).status).toBe(401);
  });
});

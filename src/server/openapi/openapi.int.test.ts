import { describe, expect, it } from 'vitest';
import { api, testEnv } from '../testing/fixtures';
import { newWorkspace } from '../testing/fixtures';

describe('GET /api/openapi.json and the HTML reference', () => {
  it('serves the document with a key, 401 without', async () => {
    const ws = await newWorkspace();
    const res = await api(ws.apiKey, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/messaging/conversations');
    expect((await api(null, 'GET', '/api/openapi.json')).status).toBe(401);
  });

  it('renders a self-contained reference page', async () => {
    const res = await fetch(`${testEnv().baseUrl}/docs/api`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver');
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
  });
});

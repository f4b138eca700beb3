import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createComputePool } from '../compute/pool';
import { loadConfig } from '../config';
import type { Db } from '../db/types';
import { buildOpenApi } from './build';
import { REST_ROUTES } from './routes';

const unusedDb = {
  kind: 'pglite',
  query: async () => ({ rows: [], rowCount: 0 }),
  transaction: async () => undefined,
  close: async () => undefined,
} as unknown as Db;

describe('OpenAPI document (contract 7)', () => {
  const doc = buildOpenApi(REST_ROUTES) as any;

  it('documents exactly the REST routes the app serves', () => {
    const served = createApp({ db: unusedDb, config: loadConfig({}), stopping: new AbortController().signal, compute: createComputePool() })
      .routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(new Set(served));
  });

  it('is OpenAPI 3.1 with schemas generated from the zod schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    const save = doc.paths['/api/v1/content/inspiration'].post;
    const body = save.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toEqual(['text']);
    expect(body.properties.media).toMatchObject({ type: 'array', maxItems: 4 });
    expect(body.properties.media.items.properties.width).toMatchObject({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] });
    expect(save.responses['201'].content['application/json'].schema.required).toContain('createdAt');
    expect(save.responses['400'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    const list = doc.paths['/api/messaging/conversations'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual([
      'workspaceId',
      'accountIds',
      'channel',
      'search',
      'tagFilter',
      'replyFilter',
      'unread',
      'campaignId',
      'nodeId',
      'limit',
      'cursor',
    ]);
    expect(list.parameters.find((p: any) => p.name === 'channel').schema.enum).toEqual(['professional_network', 'messaging_app']);
    const redeliver = doc.paths['/api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver'].post;
    expect(redeliver.parameters.filter((p: any) => p.in === 'path').map((p: any) => [p.name, p.required])).toEqual([
      ['endpointId', true],
      ['deliveryId', true],
    ]);
    expect(redeliver.requestBody.content['application/json'].schema.properties.idempotencyKey).toMatchObject({
      minLength: 8,
      maxLength: 200,
    });
    expect(Object.keys(redeliver.responses)).toEqual(expect.arrayContaining(['200', '202', '400', '401', '404', '409', '422']));
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });
});

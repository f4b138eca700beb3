import { describe, expect, it } from 'vitest';
import { CATALOG, DELAY_TYPES, NODE_TYPES } from '../catalog';
import { listNodeTypes } from './node-types';

describe('listNodeTypes (contract 8.1)', () => {
  it('derives every type from the catalog, with its data’s bounds, defaults and required fields', () => {
    const { items } = listNodeTypes();
    expect(items.map((i) => i.type)).toEqual([...NODE_TYPES]);
    for (const item of items) {
      const def = CATALOG[item.type as keyof typeof CATALOG];
      expect(item).toMatchObject({ label: def.label, category: def.category, description: def.description, sends: def.sends });
      expect(Object.keys(item.dataSchema.properties as object)).toEqual([...def.fields]);
    }
    // Built once per process: the checks of what it publishes sit in this one test, which builds it.
    const byType = new Map(listNodeTypes().items.map((i) => [i.type, i.dataSchema as any]));
    expect(byType.get('icp_scoring').properties.icpThreshold).toEqual({ type: 'number', minimum: 0, maximum: 100, default: 70 });
    expect(byType.get('delay').properties.delay_type.enum).toEqual([...DELAY_TYPES]);
    expect(byType.get('email_campaign_push_2')).toMatchObject({ required: ['credential_id', 'campaign_id'] });
    expect(byType.get('email_campaign_push_2').properties.credential_id).toEqual({ type: 'string', minLength: 1 });
    expect(byType.get('end')).toEqual({ type: 'object', properties: {}, additionalProperties: true });
    expect(byType.get('http_request').properties).toEqual({
      method: { default: 'GET' },
      url: {},
    });
    expect(byType.get('message').properties.message_template).not.toHaveProperty('minLength');
    expect(Object.keys(byType.get('like_post').properties.post_url)).toEqual(['type']);
    expect(listNodeTypes().items.find((i) => i.type === 'connection_request')!.outputs).toEqual(['accepted', 'no_response']);
    // Contract 10.1: the variants' shape is published for the steps that may hold them.
    const variants = byType.get('inmail').properties.variants;
    expect(variants).toMatchObject({ type: 'array', minItems: 2, maxItems: 5 });
    expect(variants.items.properties.variantId.enum).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(variants.items.required).toEqual(['variantId', 'label', 'text']);
    expect(byType.get('message').properties.variantGroup).toMatchObject({ type: 'string', maxLength: 40 });
    expect(byType.get('profile_visit').properties).not.toHaveProperty('variants');
  });
});

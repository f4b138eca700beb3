import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { INT32_MAX, INT32_MIN } from '../../domain/contract/bounds';

/**
 * fast-check arbitraries derived from a JSON Schema (OpenAPI operations, tool input schemas) for the
 * contract 8.4 fuzz test: boundary numbers, dates, hostile Unicode, wrong types, missing/extra fields.
 */

export type Schema = Record<string, any>;

/** Resolves `$ref`s (`#/components/schemas/X`, `#/definitions/X`) against the document they came from. */
export const resolver =
  (root: Schema) =>
  (s: Schema | undefined): Schema => {
    let schema = s ?? {};
    for (let i = 0; schema.$ref && i < 20; i++)
      schema =
        String(schema.$ref)
          .replace(/^#\//, '')
          .split('/')
          .reduce((node: any, key) => node?.[decodeURIComponent(key.replace(/~1/g, '/').replace(/~0/g, '~'))], root) ?? {};
    return schema;
  };

const hostileText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00',
  '\udbff\udfff', // a valid pair (U+10FFFF)
  '😀',
  'é\u0301',
  '\u202e',
  "'; DROP TABLE campaigns; --",
  '%00',
  '../../etc/passwd',
  '{{firstName}}',
  'x'.repeat(5000),
);
const boundaryNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  -1.5,
  INT32_MAX,
  INT32_MAX + 1,
  INT32_MIN,
  INT32_MIN - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  // fractions where the database stores whole numbers (seconds, milliseconds, counts)
  0.001,
  1.00000001,
);
const boundaryDate = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '0001-01-01T00:00:00+00:01',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59-23:59',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01',
    '2026-01-01T00:00:00',
    '2026-06-01T12:00:00.123456789+14:00',
    'yesterday',
  ),
  fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
);
/** JSON nested `levels` deep (lists, or objects), far past the contract 8.4 depth limit: no walk may overflow the stack on it. */
export const deeplyNested = (levels: number, as: 'list' | 'object' = 'list'): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = as === 'list' ? [value] : { a: value };
  return value;
};
const anyJson = fc.oneof(
  fc.constant(deeplyNested(2500)),
  fc.constant(deeplyNested(2500, 'object')),
  fc.constant(null),
  fc.boolean(),
  boundaryNumber,
  hostileText,
  fc.constant([]),
  fc.constant({}),
  fc.constant([null]),
  fc.constant({ a: '\u0000' }),
);

/** Values for a JSON Schema: mostly shaped like it (so deep fields are reached), sometimes anything at all. */
export function arbitrary(schema: Schema | undefined, resolve: (s?: Schema) => Schema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const shaped = shapedArbitrary(s, resolve, ids, depth);
  return depth > 6 ? shaped : fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function shapedArbitrary(s: Schema, resolve: (s?: Schema) => Schema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches) && branches.length > 0)
    return fc.oneof(...branches.map((b: Schema) => arbitrary(b, resolve, ids, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return arbitrary(s.allOf[0], resolve, ids, depth + 1);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.oneof(fc.constantFrom(...s.enum), hostileText);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s, ids);
    case 'integer':
    case 'number':
      return fc.oneof(
        boundaryNumber,
        fc.integer({ min: -1000, max: 1000 }),
        ...[s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]
          .filter((n) => typeof n === 'number')
          .flatMap((n: number) => [fc.constant(n), fc.constant(n - 1), fc.constant(n + 1)]),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = arbitrary(s.items, resolve, ids, depth + 1);
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems + 1 : 4, 6);
      return fc.array(item, { maxLength: max });
    }
    case 'object':
    case undefined:
      if (s.properties || type === 'object') return objectArbitrary(s, resolve, ids, depth);
      return anyJson;
    default:
      return anyJson;
  }
}

function stringArbitrary(s: Schema, ids: string[]): fc.Arbitrary<unknown> {
  const typed: fc.Arbitrary<string>[] = [hostileText, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 })];
  if (s.format === 'date-time' || s.format === 'date') typed.push(boundaryDate, boundaryDate);
  if (s.format === 'uri' || s.format === 'url')
    typed.push(
      fc.constantFrom(
        'http://127.0.0.1:9/hook',
        'https://cdn.example.com/a.png',
        'javascript:alert(1)',
        'http://[::1]/',
        'ftp://x',
        'https://a\u0000b.example/',
      ),
    );
  if (s.format === 'uuid' || /uuid|guid/i.test(String(s.pattern ?? '')) || s.format === 'guid')
    typed.push(fc.constantFrom(...ids), fc.constant(randomUUID()), fc.uuid());
  if (typeof s.maxLength === 'number' && s.maxLength <= 100_000) typed.push(fc.constant('y'.repeat(s.maxLength + 1)));
  if (typeof s.minLength === 'number' && s.minLength > 0) typed.push(fc.constant('y'.repeat(s.minLength - 1)));
  return fc.oneof(...typed, fc.constantFrom(...ids));
}

function objectArbitrary(s: Schema, resolve: (s?: Schema) => Schema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const keys = Object.keys(properties);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, timestampLike(k, arbitrary(properties[k], resolve, ids, depth + 1))])), {
    requiredKeys: keys.filter((k) => required.has(k)),
  });
  return fc.oneof(
    { weight: 5, arbitrary: record },
    // a required field missing
    { weight: 1, arbitrary: record.chain((r) => (keys.length ? fc.constantFrom(...keys).map((k) => omit(r, k)) : fc.constant(r))) },
    // an unknown field (also with a hostile name)
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.constantFrom('extra', 'a\u0000b', '\ud800', '__proto__', 'constructor', 'toString'), anyJson)
        .map(([r, k, v]) => ({ ...r, [k]: v })),
    },
  );
}

/** A property named like a timestamp (`observedAt`, `since`) also gets free-text and out-of-range dates, whatever its schema says. */
const timestampLike = (name: string, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  /(At|Date|^since|^until)$/.test(name) ? fc.oneof(arb, boundaryDate) : arb;

/** JSON-RPC method names: the real ones, names of Object's own members (a lookup must not find them), and noise. */
export const rpcMethodName = fc.oneof(
  fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping', 'notifications/initialized'),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'prototype'),
  fc.string({ maxLength: 30 }),
);

/** The workspace is usually the real one, so requests get past workspace resolution to the deeper checks. */
export const named = (name: string, arb: fc.Arbitrary<unknown>, ids: string[]): fc.Arbitrary<unknown> =>
  name === 'workspaceId' ? fc.oneof({ weight: 3, arbitrary: fc.constant(ids[0]) }, { weight: 1, arbitrary: arb }) : arb;

// Node refuses request heads over 16 KiB (431, connection closed) before the app sees them: query values stay below that.
export const MAX_QUERY_VALUE = 2000;

const omit = (r: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== key));

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser would send them). */
export const encodeSegment = (value: unknown): string =>
  encodeURIComponent(String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

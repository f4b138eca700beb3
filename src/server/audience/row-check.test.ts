import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_FIELDS, MAX_PROFILE_URL, PROSPECT_TEXT_LIMITS } from '../../domain/contract/prospects';
import { checkRow, quickRow, schemaRow } from './row-check';

/** The hand-read import row (contract 9.1) never disagrees with the contract's schema. */

const typical = {
  profileUrl: ' https://WWW.LinkedIn.com/in/ada-lovelace/?utm=x ',
  name: '  Ada Lovelace ',
  headline: 'Countess',
  company: '',
  email: ' ada@engines.example ',
  timeZone: 'Europe/London',
  customFields: { firstName: 'Ada', score: 82, vip: true },
};

// Mostly plain values, and often one near a bound or rule: at and past each limit, blanks, NUL and
// lone surrogates, wrong types — so rows read by hand and rows left to the schema both come up.
const mostly = <T, U>(plain: fc.Arbitrary<T>, edges: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: plain, weight: 5 }, { arbitrary: edges, weight: 1 });
const edgeText = (max: number) =>
  mostly(
    fc.oneof(fc.constantFrom(undefined, null, '', '   '), fc.string({ maxLength: 12 })),
    fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), ` ${'x'.repeat(max)} `, 'a\u0000b', 'a\ud800b', 42, true, [], {}),
  );
// Mostly LinkedIn members as people write them (contract 10.3), else other web pages (refused by the schema).
const memberUrl = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS://', ''),
    fc.constantFrom('www.linkedin.com', 'LinkedIn.com', 'uk.linkedin.com'),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
    fc.constantFrom('', '/', '/fr', '?trk=x', '#a'),
  )
  .map(([scheme, host, slug, tail]) => ` ${scheme}${host}/in/${slug}${tail} `);
const url = mostly(
  fc.oneof(
    { arbitrary: memberUrl, weight: 3 },
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom(' http://EXAMPLE.com/x/// ', 'https://wa.me/+33612345678', 'https://www.linkedin.com/sales/lead/AC1,x'),
  ),
  fc.oneof(
    fc.constantFrom(
      'ftp://example.com/a',
      'linkedin.com/in/a',
      '',
      `https://example.com/${'p'.repeat(MAX_PROFILE_URL - 19)}`,
      `https://example.com/${'p'.repeat(MAX_PROFILE_URL)}`,
      'https://example.com/\u0000',
      null,
      7,
    ),
    fc.string({ maxLength: 20 }),
  ),
);
const email = mostly(
  fc.oneof(
    { arbitrary: fc.constantFrom(undefined, null, ' a@b.co ', 'a.b+c@d-e.example'), weight: 3 },
    fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,5}$/),
        fc.stringMatching(/^[A-Za-z0-9.-]{0,6}$/),
        fc.constantFrom('co', 'c', 'example', '1a'),
      )
      .map(([local, domain, top]) => `${local}@${domain}.${top}`),
  ),
  fc.constantFrom('', 'a@b', 'not an e-mail', `${'a'.repeat(320)}@b.co`, 5),
);
const zone = mostly(
  fc.constantFrom(undefined, null, 'UTC', 'Europe/Paris'),
  fc.constantFrom(
    '',
    'europe/paris',
    'Asia/Calcutta',
    'asia/saigon',
    'Europe/Paris ',
    'x'.repeat(101),
    'Etc/GMT+1',
    'Mars/Olympus',
    '+02:00',
    ' UTC',
    3,
  ),
);
const customValue = mostly(
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()),
  fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, null, [], {}, 'a\u0000', 'x'.repeat(10_000), 'x'.repeat(10_001))),
);
const customFields = mostly(
  fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), customValue, { maxKeys: 4 })),
  fc.constantFrom(
    null,
    [],
    'text',
    { ['__proto__']: 'x' },
    { '': 1 },
    { ['k'.repeat(100)]: 1 },
    { ['k'.repeat(101)]: 1 },
    Object.fromEntries(Array.from({ length: MAX_CUSTOM_FIELDS }, (_, i) => [`f${i}`, i])),
    Object.fromEntries(Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => [`f${i}`, i])),
  ),
);
const row = fc.record(
  {
    profileUrl: url,
    name: edgeText(PROSPECT_TEXT_LIMITS.name),
    headline: edgeText(PROSPECT_TEXT_LIMITS.headline),
    company: edgeText(PROSPECT_TEXT_LIMITS.company),
    email,
    timeZone: zone,
    customFields,
  },
  { requiredKeys: ['profileUrl'] },
);
// One row in ten carries a field the contract does not have.
const anyRow = fc.tuple(row, fc.nat(9)).map(([r, n]) => (n === 0 ? { ...r, title: 'CEO' } : r));

describe('import row check (contract 9.1)', () => {
  it('reads a plainly valid row by hand, as the schema would store it', () => {
    const quick = quickRow(typical);
    expect(quick).toEqual({
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
      name: 'Ada Lovelace',
      headline: 'Countess',
      company: null,
      email: 'ada@engines.example',
      timeZone: 'Europe/London',
      customFields: '{"firstName":"Ada","score":82,"vip":true}',
    });
    expect(schemaRow(typical)).toEqual({ row: quick });
    expect(quickRow({ profileUrl: 'linkedin.com/in/a', name: null, email: null, timeZone: null })).toBeDefined();
    expect(schemaRow({ profileUrl: 'https://wa.me/33612345678' })).toEqual({ row: quickRow({ profileUrl: 'https://wa.me/+33612345678' }) });
    // A URL the rule refuses (contract 10.3) is the schema's to word.
    expect(quickRow({ profileUrl: 'https://x.example/in/a' })).toBeUndefined();
  });

  it('leaves every doubtful row to the schema, which names the field', () => {
    expect(quickRow({ ...typical, title: 'CEO' })).toBeUndefined();
    expect(checkRow({ ...typical, title: 'CEO' })).toEqual({ errors: [{ path: 'title', message: 'Unknown field "title"' }] });
    expect(checkRow({ ...typical, email: 'nope' })).toEqual({ errors: [{ path: 'email', message: 'must be an e-mail address' }] });
    expect(checkRow([typical])).toMatchObject({ errors: [{ path: '' }] });
    expect(checkRow({ profileUrl: 'https://twitter.com/ada' })).toEqual({
      errors: [
        { path: 'profileUrl', message: expect.stringMatching(/^twitter\.com is not LinkedIn or WhatsApp: use a LinkedIn profile link/) },
      ],
    });
    // A missing URL is said once.
    expect(checkRow({ profileUrl: '  ' })).toEqual({ errors: [{ path: 'profileUrl', message: 'is required' }] });
  });

  it('whenever it reads a row by hand, the schema accepts it and stores the same', () => {
    let byHand = 0;
    fc.assert(
      fc.property(anyRow, (raw) => {
        const quick = quickRow(raw);
        if (quick === undefined) return;
        byHand++;
        expect(schemaRow(raw)).toEqual({ row: quick });
      }),
      { numRuns: 6000 },
    );
    // The property says something only if many rows take the hand-read way (about one in ten does).
    expect(byHand).toBeGreaterThan(200);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseProfileUrl, profileUrlProblem, readProfileUrl, readProfileUrlByParser } from './profile-url';

describe('profile URLs (contract 10.3)', () => {
  it.each([
    ['https://WWW.LinkedIn.com/in/Ada/?trk=x#about', 'https://www.linkedin.com/in/ada'],
    ['http://linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['linkedin.com/in/ada', 'https://www.linkedin.com/in/ada'],
    ['https://uk.linkedin.com/in/ada/fr', 'https://www.linkedin.com/in/ada'],
    ['https://de.linkedin.com/in/ada/de-de/', 'https://www.linkedin.com/in/ada'],
    ['https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa', 'https://www.linkedin.com/in/josé-garcía'],
    ['https://www.linkedin.com/in/JOS%C3%89', 'https://www.linkedin.com/in/josé'],
    ['https://www.linkedin.com:443/in/ada', 'https://www.linkedin.com/in/ada'],
    ['http://www.linkedin.com:8443/in/ada', 'https://www.linkedin.com/in/ada'],
    ['https://www.linkedin.com/sales/lead/ACwAAB1,NAME_SEARCH,x7Yz?_ntb=1', 'https://www.linkedin.com/sales/lead/ACwAAB1,NAME_SEARCH,x7Yz'],
    ['HTTP://fr.linkedin.com/Sales/People/ACoAAB2,name/', 'https://www.linkedin.com/sales/people/ACoAAB2,name'],
    ['https://wa.me/33612345678', 'https://wa.me/33612345678'],
    ['http://wa.me/+33612345678?text=hello', 'https://wa.me/33612345678'],
    ['wa.me/4915112345678', 'https://wa.me/4915112345678'],
  ])('%s is stored as %s', (raw, stored) => {
    expect(normaliseProfileUrl(raw)).toBe(stored);
    expect(profileUrlProblem(raw)).toBeNull();
    // The stored form reads as itself.
    expect(normaliseProfileUrl(stored)).toBe(stored);
  });

  it.each([
    ['https://twitter.com/ada', 'twitter.com is not LinkedIn or WhatsApp'],
    ['https://www.figma.com/@ada', 'figma.com is not LinkedIn or WhatsApp'],
    ['https://www.linkedin.com/company/acme', 'This LinkedIn link is not a person’s profile'],
    ['https://www.linkedin.com/in/', 'This LinkedIn link is not a person’s profile'],
    ['https://www.linkedin.com/in/ada/details/experience', 'This LinkedIn link is not a person’s profile'],
    ['https://www.linkedin.com/in/a%20b', 'This LinkedIn link is not a person’s profile'],
    ['https://www.linkedin.com/in/a%2Fb', 'This LinkedIn link is not a person’s profile'],
    ['https://www.linkedin.com/in/%E0', 'This LinkedIn link is not a person’s profile'],
    ['https://linkedin.com.evil.example/in/ada', 'linkedin.com.evil.example is not LinkedIn or WhatsApp'],
    ['https://abc.linkedin.com/in/ada', 'This LinkedIn link'],
    ['https://wa.me/12345', 'wa.me is not LinkedIn or WhatsApp'],
    ['not a url', 'This is not a web link'],
    ['ftp://linkedin.com/in/ada', 'This is not a web link'],
    ['', 'This is not a web link'],
  ])('refuses %j, saying what is accepted', (raw, start) => {
    const problem = profileUrlProblem(raw);
    expect(problem).toMatch(new RegExp(`^${start.replace(/[.?*+()]/g, '\\$&')}`));
    expect(problem).toContain('https://www.linkedin.com/in/…');
    expect(problem).toContain('https://wa.me/…');
  });

  it('keeps reading other http(s) URLs as contract 9.1 did (ingest and events never refuse)', () => {
    expect(normaliseProfileUrl('  http://Example.com/a//?q#f ')).toBe('http://example.com/a');
    expect(normaliseProfileUrl('https://twitter.com/Ada/')).toBe('https://twitter.com/Ada');
    expect(readProfileUrl('https://www.linkedin.com/company/acme/')).toEqual({ url: 'https://www.linkedin.com/company/acme', kind: null });
    for (const raw of ['javascript:alert(1)', 'mailto:a@b.c', 'example.com/x', '']) expect(normaliseProfileUrl(raw)).toBeNull();
  });
});

/** Ways people write one member's URL: scheme, host, slug case and escapes, locale, slashes, query, fragment. */
const memberSpelling = (slug: string) =>
  fc
    .record({
      scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', 'Http://', ''),
      host: fc.constantFrom(
        'www.linkedin.com',
        'linkedin.com',
        'WWW.LinkedIn.com',
        'uk.linkedin.com',
        'FR.linkedin.com',
        'de.linkedin.com',
      ),
      port: fc.constantFrom('', '', ':443'),
      caseFlips: fc.array(fc.boolean(), { minLength: slug.length, maxLength: slug.length }),
      escapes: fc.array(fc.boolean(), { minLength: slug.length, maxLength: slug.length }),
      locale: fc.constantFrom('', '', '/fr', '/en-us', '/DE_de'),
      slashes: fc.constantFrom('', '/', '//'),
      tail: fc.constantFrom('', '?trk=public_profile', '?locale=fr_FR#experience', '#about', '?a=1&b=/in/other'),
    })
    .filter(({ scheme, port }) => scheme !== '' || port === '')
    .map(({ scheme, host, port, caseFlips, escapes, locale, slashes, tail }) => {
      const written = [...slug]
        .map((ch, i) => (caseFlips[i] ? ch.toUpperCase() : ch))
        .map((ch, i) => (escapes[i] ? `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : ch))
        .join('');
      const bare = `${scheme}${host}${port}/in/${written}${locale}${slashes}${tail}`;
      return scheme === '' ? bare : ` ${bare}\t`;
    });

describe('one profile, many spellings', () => {
  it('at least 20 different spellings of one member map to one stored URL', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(memberSpelling('ada-lovelace-1815'), (raw) => {
        seen.add(raw);
        expect(normaliseProfileUrl(raw)).toBe('https://www.linkedin.com/in/ada-lovelace-1815');
        expect(profileUrlProblem(raw)).toBeNull();
      }),
      { numRuns: 500 },
    );
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });

  it('different members stay different', () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,12}$/), fc.stringMatching(/^[a-z0-9-]{1,12}$/), (a, b) => {
        fc.pre(a !== b);
        expect(normaliseProfileUrl(`https://www.linkedin.com/in/${a}`)).not.toBe(normaliseProfileUrl(`https://www.linkedin.com/in/${b}`));
      }),
    ));
});

describe('the hand-read way reads plain URLs exactly as the URL parser does', () => {
  const piece = fc.constantFrom(
    'a',
    'Z',
    '0',
    '9',
    '-',
    '.',
    '..',
    '_',
    '~',
    '%2e',
    '%41',
    '%C3%A9',
    'é',
    '@',
    ':',
    '\\',
    ' ',
    '\t',
    '?',
    '#',
    '/',
    '//',
  );
  const host = fc.oneof(
    fc.constantFrom(
      'www.linkedin.com',
      'linkedin.com',
      'LinkedIn.com',
      'uk.linkedin.com',
      'abc.linkedin.com',
      'linkedin.com.',
      'wa.me',
      'WA.me',
    ),
    fc.domain(),
    fc
      .array(fc.constantFrom('a', 'B', '1', '0x1', '-', 'xn--ls8h', 'www', 'linkedin', 'com', ''), { minLength: 1, maxLength: 4 })
      .map((l) => l.join('.')),
  );
  const path = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('in/', 'IN/', 'sales/lead/', 'sales/people/', ''),
        fc.array(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_~.-]{0,6}$/), piece), { maxLength: 4 }),
      )
      .map(([head, parts]) => head + parts.join('/')),
    fc.stringMatching(/^\+?[0-9]{5,16}$/),
  );
  const url = fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTP://', 'ftp://', 'https:/', '', '//'),
      host,
      fc.constantFrom('', ':443', ':80', ':8080'),
      path,
      fc.constantFrom('', '/', '/fr', '/en_US/', '?a=1', '#x', '?x#y'),
    )
    .map(([scheme, h, port, p, tail]) => `${scheme}${h}${port}/${p}${tail}`);

  it('on generated URLs', () =>
    fc.assert(
      fc.property(url, (raw) => {
        expect(readProfileUrl(raw)).toEqual(readProfileUrlByParser(raw));
      }),
      { numRuns: 5000 },
    ));

  it('reading the stored form again changes nothing', () =>
    fc.assert(
      fc.property(fc.oneof(url, memberSpelling('grace-hopper')), (raw) => {
        const stored = normaliseProfileUrl(raw);
        if (stored !== null) expect(normaliseProfileUrl(stored)).toBe(stored);
      }),
      { numRuns: 3000 },
    ));
});

describe('the rule at its edges', () => {
  it('refuses a member slug that decodes to a space or a delimiter, keeping the link as another page', () => {
    expect(readProfileUrl('https://www.linkedin.com/in/ada%20lovelace')).toEqual({
      url: 'https://www.linkedin.com/in/ada%20lovelace',
      kind: null,
    });
    expect(readProfileUrl('https://www.linkedin.com/in/ada%3Fx')).toEqual({ url: 'https://www.linkedin.com/in/ada%3Fx', kind: null });
    expect(readProfileUrl('https://www.linkedin.com/in/Ada%2Dx')).toEqual({ url: 'https://www.linkedin.com/in/ada-x', kind: 'linkedin' });
  });

  it('reads a phone path as WhatsApp only on wa.me', () => {
    expect(readProfileUrl('https://example.com/+33612345678')).toEqual({ url: 'https://example.com/+33612345678', kind: null });
    expect(readProfileUrl('https://wa.me/+33612345678')).toEqual({ url: 'https://wa.me/33612345678', kind: 'whatsapp' });
  });

  it('says a LinkedIn page that is not a profile is one, on linkedin.com itself and its subdomains', () => {
    const notProfile = expect.stringMatching(/^This LinkedIn link is not a person’s profile: use a LinkedIn profile link/);
    expect(profileUrlProblem('https://linkedin.com/company/acme')).toEqual(notProfile);
    expect(profileUrlProblem('https://www.linkedin.com/company/acme')).toEqual(notProfile);
    expect(profileUrlProblem('https://notlinkedin.com/in/ada')).toMatch(/^notlinkedin\.com is not LinkedIn or WhatsApp: use /);
  });

  it('names another site by its host, only a leading www. dropped', () => {
    expect(profileUrlProblem('https://www.example.com/ada')).toMatch(/^example\.com is not LinkedIn or WhatsApp: use /);
    expect(profileUrlProblem('https://newww.example.com/ada')).toMatch(/^newww\.example\.com is not LinkedIn or WhatsApp: use /);
  });
});

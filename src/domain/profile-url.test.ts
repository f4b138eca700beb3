import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseProfileUrl } from './profile-url';

describe('normaliseProfileUrl (contract 9.1)', () => {
  it.each([
    ['https://WWW.LinkedIn.com/in/Ada/?trk=x#about', 'https://www.linkedin.com/in/Ada'],
    ['  http://example.com/  ', 'http://example.com'],
    ['https://example.com:443/a//', 'https://example.com/a'],
    ['HTTPS://example.com/in/ada', 'https://example.com/in/ada'],
  ])('%s → %s', (raw, normalised) => expect(normaliseProfileUrl(raw)).toBe(normalised));
  it.each(['linkedin.com/in/ada', 'javascript:alert(1)', 'mailto:a@b.c', 'ftp://example.com/x', '', 'not a url'])('refuses %j', (raw) =>
    expect(normaliseProfileUrl(raw)).toBeNull(),
  );
  it('two spellings of one profile normalise alike', () =>
    expect(normaliseProfileUrl('https://www.linkedin.com/in/ada?x=1')).toBe(normaliseProfileUrl('https://WWW.linkedin.com/in/ada/')));
});

/** The URL parser's reading, as the normaliser stood before its hand-read way for plain URLs. */
function byUrlParser(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

describe('normaliseProfileUrl reads plain URLs by hand exactly as the URL parser does', () => {
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
    'xn--',
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
    fc.domain(),
    fc
      .array(fc.constantFrom('a', 'B', '1', '0x1', '-', 'xn--ls8h', 'www', '192', '168', ''), { minLength: 1, maxLength: 4 })
      .map((l) => l.join('.')),
  );
  const path = fc.array(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_~.-]{0,6}$/), piece), { maxLength: 5 }).map((s) => s.join('/'));
  const url = fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTP://', 'ftp://', 'https:/', ''),
      host,
      fc.constantFrom('', ':443', ':80', ':8080'),
      path,
      fc.constantFrom('', '/', '?a=1', '#x', '?x#y'),
    )
    .map(([scheme, h, port, p, tail]) => `${scheme}${h}${port}/${p}${tail}`);
  it('on generated URLs', () =>
    fc.assert(
      fc.property(url, (raw) => {
        expect(normaliseProfileUrl(raw)).toBe(byUrlParser(raw));
      }),
      { numRuns: 5000 },
    ));
  it.each([
    'https://1.2.3/in/a',
    'https://0x7f.1/a',
    'https://a.b/x/../y',
    'https://a.b/./x',
    'https://xn--ls8h.la/a',
    'https://EXAMPLE.com/In/Ada/',
  ])('%s', (raw) => expect(normaliseProfileUrl(raw)).toBe(byUrlParser(raw)));
});

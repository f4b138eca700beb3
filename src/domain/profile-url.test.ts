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

import { describe, expect, it } from 'vitest';
import { containsSearch, snippetAround, splitMatches } from './search-match';

describe('splitMatches', () => {
  it('marks every case-insensitive occurrence of the search', () => {
    expect(splitMatches('Budget? The budget is BUDGET', 'budget')).toEqual([
      { text: 'Budget', match: true },
      { text: '? The ', match: false },
      { text: 'budget', match: true },
      { text: ' is ', match: false },
      { text: 'BUDGET', match: true },
    ]);
  });

  it('takes the search as typed, spaces and symbols included (the server matches the whole string)', () => {
    expect(splitMatches('VP Sales at Acme (EU)', 'acme (eu')).toEqual([
      { text: 'VP Sales at ', match: false },
      { text: 'Acme (EU', match: true },
      { text: ')', match: false },
    ]);
  });

  it('leaves the text whole without a search or a match', () => {
    expect(splitMatches('Hello', '  ')).toEqual([{ text: 'Hello', match: false }]);
    expect(splitMatches('Hello', 'zebra')).toEqual([{ text: 'Hello', match: false }]);
    expect(splitMatches('', 'zebra')).toEqual([{ text: '', match: false }]);
  });
});

describe('containsSearch', () => {
  it('is case-insensitive and false for an empty text or search', () => {
    expect(containsSearch('Chloé Dubois', 'CHLOÉ')).toBe(true);
    expect(containsSearch(null, 'a')).toBe(false);
    expect(containsSearch('abc', '')).toBe(false);
  });
});

describe('snippetAround', () => {
  it('starts a long text a few words before its match', () => {
    const text = 'Thanks for reaching out! We are reviewing our outreach stack and the zebra budget is approved';
    const snippet = snippetAround(text, 'zebra');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('zebra budget is approved');
    expect(snippet.indexOf('zebra')).toBeLessThanOrEqual(20);
  });

  it('keeps a text whose match is near its start', () => {
    expect(snippetAround('The zebra budget', 'zebra')).toBe('The zebra budget');
    expect(snippetAround('No match here', 'zebra')).toBe('No match here');
  });
});

import { describe, expect, it } from 'vitest';
import { NODE_CATEGORIES, NODE_TYPES } from '../../../domain';
import { searchCatalog } from './catalog-search';

const labels = (query: string) => searchCatalog(query).flatMap((g) => g.items.map((d) => d.label));

describe('step search', () => {
  it('puts the step whose name starts with the search first ("visit" → Visit profile before Website visitor)', () => {
    const found = labels('visit');
    expect(found[0]).toBe('Visit profile');
    expect(found).toContain('Website visitor');
    expect(found.indexOf('Visit profile')).toBeLessThan(found.indexOf('Website visitor'));
  });

  it('ranks a name over a description, and ignores case and accents', () => {
    expect(labels('MESSAGE')[0]).toMatch(/^Message/);
    expect(labels('méssage')).toEqual(labels('message'));
  });

  it('shows every step in catalog order without a search, and nothing for a search nothing matches', () => {
    const all = searchCatalog('');
    expect(all.map((g) => g.id)).toEqual(NODE_CATEGORIES.map((c) => c.id).filter((id) => all.some((g) => g.id === id)));
    expect(all.flatMap((g) => g.items).length).toBe(NODE_TYPES.length);
    expect(searchCatalog('zzzz-nothing')).toEqual([]);
  });
});

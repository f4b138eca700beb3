import { beforeEach, describe, expect, it, vi } from 'vitest';

// The URL side talks to the browser's history through the router; the pure parts and the dock's store do not.
const router = vi.hoisted(() => ({ setSearchParams: vi.fn(), useLocation: vi.fn() }));
vi.mock('../router', () => router);

const { filtersFromParams, hasFilters, inboxHref } = await import('./filter-state');
const { EMPTY_FILTERS } = await import('../api/conversations');

beforeEach(() => router.setSearchParams.mockClear());

describe('filtersFromParams', () => {
  it('reads every filter from the URL', () => {
    const f = filtersFromParams(new URLSearchParams('accounts=a1,a2&channel=messaging_app&search=hello&tag=vip&reply=need_to_reply'));
    expect(f).toEqual({
      ...EMPTY_FILTERS,
      accountIds: ['a1', 'a2'],
      channel: 'messaging_app',
      search: 'hello',
      tag: 'vip',
      reply: 'need_to_reply',
    });
  });

  it('ignores unknown channels and reply states, and empty account ids', () => {
    expect(filtersFromParams(new URLSearchParams('channel=fax&reply=maybe&accounts=,a1,'))).toEqual({
      ...EMPTY_FILTERS,
      accountIds: ['a1'],
    });
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(EMPTY_FILTERS);
  });
});

describe('inboxHref', () => {
  it('writes only the filters that are set, and the open conversation', () => {
    expect(inboxHref(EMPTY_FILTERS)).toBe('/inbox');
    const href = inboxHref({ ...EMPTY_FILTERS, accountIds: ['a1', 'a2'], search: 'price list', reply: 'awaiting_reply' }, 'c9');
    expect(href).toBe('/inbox?accounts=a1%2Ca2&search=price+list&reply=awaiting_reply&conversation=c9');
  });

  it('round-trips through filtersFromParams', () => {
    const filters = {
      accountIds: ['x'],
      channel: 'professional_network' as const,
      search: 'a&b',
      tag: 't',
      reply: 'need_to_reply' as const,
      unread: '' as const,
      campaignId: '',
      nodeId: '',
    };
    expect(filtersFromParams(new URL(inboxHref(filters), 'http://app').searchParams)).toEqual(filters);
  });
});

describe('hasFilters', () => {
  it('is true when any one filter is set', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    for (const patch of [
      { accountIds: ['a'] },
      { channel: 'messaging_app' as const },
      { search: 's' },
      { tag: 't' },
      { reply: 'awaiting_reply' as const },
    ])
      expect(hasFilters({ ...EMPTY_FILTERS, ...patch })).toBe(true);
  });
});

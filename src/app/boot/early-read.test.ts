import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyCampaignRead, takeEarlyCampaignRead } from './early-read';
import { readStoredSession, SESSION_STORAGE_KEY, type StoredSession } from './stored-session';

const session: StoredSession = { apiKey: 'key-1', baseUrl: 'https://studio.example', workspaceId: 'ws-1' };

/** A page at `pathname` with `stored` in local storage (a string as it is), and a fetch that records what it was asked. */
function page(pathname: string, stored: unknown) {
  const fetch = vi.fn(async () => new Response('{}'));
  const raw = typeof stored === 'string' ? stored : JSON.stringify(stored);
  const items = new Map(stored === undefined ? [] : [[SESSION_STORAGE_KEY, raw]]);
  vi.stubGlobal('window', { location: { pathname }, localStorage: { getItem: (k: string) => items.get(k) ?? null } });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the early read of the campaign a page opens on', () => {
  afterEach(() => {
    takeEarlyCampaignRead(session, ''); // forget what a test left
    vi.unstubAllGlobals();
  });

  it('asks get-campaign once, for the stored session, and hands the answer out once', async () => {
    const fetch = page('/campaigns/c%201', { state: session, version: 0 });
    startEarlyCampaignRead(readStoredSession());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://studio.example/mcp');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer key-1' });
    expect(JSON.parse(init.body as string)).toMatchObject({
      method: 'tools/call',
      params: { name: 'get-campaign', arguments: { workspaceId: 'ws-1', campaignId: 'c 1' } },
    });
    const answer = takeEarlyCampaignRead(session, 'c 1');
    expect(answer).not.toBeNull();
    expect(await answer).toBeInstanceOf(Response);
    expect(takeEarlyCampaignRead(session, 'c 1')).toBeNull();
  });

  it('is not used for another campaign or another key (the app asks again)', () => {
    page('/campaigns/c1', { state: session, version: 0 });
    startEarlyCampaignRead(readStoredSession());
    expect(takeEarlyCampaignRead({ ...session, apiKey: 'key-2' }, 'c1')).toBeNull();
    startEarlyCampaignRead(readStoredSession());
    expect(takeEarlyCampaignRead(session, 'c2')).toBeNull();
  });

  it('asks nothing off the editor, on a malformed address, without a stored key, or with unreadable storage', () => {
    for (const [path, stored] of [
      ['/inbox', { state: session }],
      ['/campaigns/%E0', { state: session }],
      ['/campaigns/c1', { state: { ...session, apiKey: null } }],
      ['/campaigns/c1', undefined],
      ['/campaigns/c1', 'not json {'],
    ] as const) {
      const fetch = page(path, stored);
      startEarlyCampaignRead(readStoredSession());
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('a failed request is no answer (null), so the app asks again', async () => {
    page('/campaigns/c1', { state: session });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    startEarlyCampaignRead(readStoredSession());
    expect(await takeEarlyCampaignRead(session, 'c1')).toBeNull();
  });
});

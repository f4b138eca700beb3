import { describe, expect, it } from 'vitest';
import { hrefs, matchPath, PATHS, routeOf } from './paths';

describe('matchPath', () => {
  it('reads and decodes the parameters of a matching address', () => {
    expect(matchPath(PATHS.editor, '/campaigns/c1')).toEqual({ campaignId: 'c1' });
    expect(matchPath(PATHS.editor, '/campaigns/c%201/')).toEqual({ campaignId: 'c 1' });
  });

  it('answers null for another page and for a longer address', () => {
    expect(matchPath(PATHS.editor, '/inbox')).toBeNull();
    expect(matchPath(PATHS.editor, '/campaigns/c1/extra')).toBeNull();
    expect(matchPath(PATHS.editor, '/campaigns/')).toBeNull();
  });

  it('answers null, without throwing, for a part that is not valid percent-encoding', () => {
    expect(() => matchPath(PATHS.editor, '/campaigns/%E0')).not.toThrow();
    expect(matchPath(PATHS.editor, '/campaigns/%E0')).toBeNull();
    expect(matchPath(PATHS.editor, '/campaigns/%')).toBeNull();
  });
});

describe('routeOf', () => {
  it('names the page of each of the app’s addresses', () => {
    expect(routeOf('/')).toEqual({ page: 'campaigns' });
    expect(routeOf('/campaigns/abc')).toEqual({ page: 'editor', campaignId: 'abc' });
    expect(routeOf('/inbox')).toEqual({ page: 'inbox' });
    expect(routeOf('/inbox/')).toEqual({ page: 'inbox' });
    expect(routeOf('/inspiration')).toEqual({ page: 'inspiration' });
    expect(routeOf('/webhooks')).toEqual({ page: 'webhooks' });
    expect(routeOf('/audience')).toEqual({ page: 'audience' });
    expect(routeOf('/audience/import')).toEqual({ page: 'audience' });
    expect(routeOf(hrefs.doNotContact())).toEqual({ page: 'audience' });
  });

  it('calls a malformed or unknown address not found', () => {
    expect(routeOf('/campaigns/%E0')).toEqual({ page: 'not-found' });
    expect(routeOf('/campaigns')).toEqual({ page: 'not-found' });
    expect(routeOf('/nowhere')).toEqual({ page: 'not-found' });
    expect(routeOf('/inboxes')).toEqual({ page: 'not-found' });
  });
});

describe('hrefs', () => {
  it('builds each page’s address, which routeOf reads back', () => {
    expect(hrefs.campaigns()).toBe('/');
    expect(hrefs.editor('c 1/2')).toBe('/campaigns/c%201%2F2');
    expect(routeOf(hrefs.editor('c 1/2'))).toEqual({ page: 'editor', campaignId: 'c 1/2' });
    expect(hrefs.editor('c1', { node: 'send_email_1' })).toBe('/campaigns/c1?node=send_email_1');
    expect(hrefs.inbox()).toBe('/inbox');
    expect(hrefs.inbox({ campaign: 'c1', step: 'a b', tag: '' })).toBe('/inbox?campaign=c1&step=a+b');
    expect(hrefs.inspiration()).toBe('/inspiration');
    expect(hrefs.webhooks({ endpoint: 'e1' })).toBe('/webhooks?endpoint=e1');
  });
});

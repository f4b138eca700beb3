/**
 * The app's routes: their path patterns, which page an address shows, and the links to them. Free of
 * imports: the boot script (early-read, page-code) reads the address with them before any of the
 * app's code has loaded.
 */
export const PATHS = {
  campaigns: '/',
  editor: '/campaigns/:campaignId',
  inbox: '/inbox',
  inspiration: '/inspiration',
  webhooks: '/webhooks',
  audience: '/audience',
  audienceImport: '/audience/import',
  doNotContact: '/audience/do-not-contact',
} as const;

/** Percent-decoding that answers null for text that is not valid percent-encoding (`%E0` alone). */
function decodePart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * `{ campaignId: 'c1' }` for matchPath('/campaigns/:campaignId', '/campaigns/c1'); null when it does
 * not match, and when a part of the address cannot be decoded (a hand-typed `/campaigns/%E0`).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const keys: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:([a-zA-Z]+)/g, (_, k: string) => (keys.push(k), '([^/]+)'))}/?$`);
  const m = re.exec(pathname);
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const [i, key] of keys.entries()) {
    const value = decodePart(m[i + 1]);
    if (value === null) return null;
    params[key] = value;
  }
  return params;
}

/** The page an address shows; any address that is not one of the app's routes is `not-found`. */
export type Route =
  | { page: 'campaigns' }
  | { page: 'editor'; campaignId: string }
  | { page: 'inbox' }
  | { page: 'inspiration' }
  | { page: 'webhooks' }
  | { page: 'audience' }
  | { page: 'not-found' };

export function routeOf(pathname: string): Route {
  const editor = matchPath(PATHS.editor, pathname);
  if (editor) return { page: 'editor', campaignId: editor.campaignId };
  for (const page of ['campaigns', 'inbox', 'inspiration', 'webhooks', 'audience'] as const)
    if (matchPath(PATHS[page], pathname)) return { page };
  if (matchPath(PATHS.audienceImport, pathname) || matchPath(PATHS.doNotContact, pathname)) return { page: 'audience' };
  return { page: 'not-found' };
}

const withQuery = (path: string, query: Record<string, string | null | undefined>): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/** Links to the app's pages: every address the app builds comes from here. */
export const hrefs = {
  campaigns: (): string => PATHS.campaigns,
  /**
   * A campaign in the editor; `node` opens it with that step selected and centred, `start` as a blank canvas,
   * `prospect` (a profile URL) a launched campaign's run view with that prospect's timeline open.
   */
  editor: (campaignId: string, query: { node?: string; start?: string; prospect?: string } = {}): string =>
    withQuery(PATHS.editor.replace(':campaignId', encodeURIComponent(campaignId)), query),
  /** The inbox with its filters as query parameters (inbox/filter-state.ts names them). */
  inbox: (query: Record<string, string | null | undefined> = {}): string => withQuery(PATHS.inbox, query),
  inspiration: (): string => PATHS.inspiration,
  webhooks: (query: { endpoint?: string } = {}): string => withQuery(PATHS.webhooks, query),
  /** The audience; `addTo` offers to add prospects to that campaign, `campaign` filters by it. */
  audience: (query: { addTo?: string; campaign?: string } = {}): string => withQuery(PATHS.audience, query),
  audienceImport: (query: { addTo?: string } = {}): string => withQuery(PATHS.audienceImport, query),
  /** The do-not-contact list (contract 10.3). */
  doNotContact: (): string => PATHS.doNotContact,
};

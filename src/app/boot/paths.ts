/**
 * The app's routes as path patterns, and the matcher. Free of imports: the boot script (early-read)
 * reads the address with them before any of the app's code has loaded.
 */
export const PATHS = {
  editor: '/campaigns/:campaignId',
  inbox: '/inbox',
  inspiration: '/inspiration',
  webhooks: '/webhooks',
  audience: '/audience',
  audienceImport: '/audience/import',
} as const;

/** `{ campaignId: 'c1' }` for matchPath('/campaigns/:campaignId', '/campaigns/c1'); null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const keys: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:([a-zA-Z]+)/g, (_, k: string) => (keys.push(k), '([^/]+)'))}/?$`);
  const m = re.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1])]));
}

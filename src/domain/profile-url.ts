/**
 * Contract 9.1: a prospect's profile URL is unique per workspace after normalising — lower-case
 * host, no query, no fragment, no trailing `/`. This is the one normaliser; every surface uses it.
 */

/** The normalised http(s) URL, or null when `raw` is not an absolute http(s) URL. */
export function normaliseProfileUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  const path = url.pathname.replace(/\/+$/, '');
  // URL already lower-cases the scheme and host and drops a default port.
  return `${url.protocol}//${url.host}${path}`;
}

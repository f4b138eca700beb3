/**
 * Contract 10.3 (replaces 9.1's rule): the one reading of a prospect's profile URL. A LinkedIn member
 * becomes `https://www.linkedin.com/in/<slug>` (any http(s) scheme or none, host `linkedin.com` or a
 * `www`/country subdomain, the slug percent-decoded and lower-cased, a locale segment after it, trailing
 * `/`, query and fragment dropped); a Sales Navigator lead keeps its path on that host; WhatsApp becomes
 * `https://wa.me/<digits>`. Any other http(s) URL is read as 9.1 did (lower-case host, no query,
 * fragment or trailing `/`): ingest and executor events still match by it, but import and PATCH refuse
 * it. Migration 040 repeats the rule in SQL (`profile_url_rule`), a test keeps both equal.
 */

export type ProfileKind = 'linkedin' | 'sales_navigator' | 'whatsapp';

/** A URL read by the rule: its stored form, and which accepted kind it is (null: another web page). */
export interface ReadProfileUrl {
  readonly url: string;
  readonly kind: ProfileKind | null;
}

/** What an accepted profile URL is, in users' words (the message every refusal carries). */
export const ACCEPTED_PROFILE_URLS =
  'a LinkedIn profile link (https://www.linkedin.com/in/…), a Sales Navigator lead link or a WhatsApp link (https://wa.me/…)';

const LINKEDIN_HOST = /^(?:(?:www|[a-z]{2})\.)?linkedin\.com$/;
const MEMBER_PATH = /^\/in\/([^/]+)(?:\/[a-z]{2}(?:[-_][a-z]{2})?)?$/i;
const SALES_PATH = /^\/sales\/(lead|people)(\/[^/].*)$/i;
const WHATSAPP_PATH = /^\/\+?([0-9]{7,15})$/;
/** Characters a decoded slug may not hold: the URL's own delimiters, `%`, spaces and controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a slug may not hold
const SLUG_REFUSED = /[\u0000-\u0020\u007f"#%/<>?\\^`{|}[\]]/;

/** A slug percent-decoded and lower-cased; null when it is not a readable slug. */
function memberSlug(encoded: string): string | null {
  let slug: string;
  try {
    slug = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return slug === '' || SLUG_REFUSED.test(slug) ? null : slug.toLowerCase();
}

/**
 * The rule on the host (lower-case, no port) and path (as the URL parser writes it, without trailing
 * `/`) of an http(s) URL. Migration 040's `profile_url_rule` is this in SQL.
 */
export function profileOfReadUrl(host: string, path: string): ReadProfileUrl | null {
  if (LINKEDIN_HOST.test(host)) {
    const member = MEMBER_PATH.exec(path);
    if (member) {
      const slug = memberSlug(member[1]!);
      return slug === null ? null : { url: `https://www.linkedin.com/in/${slug}`, kind: 'linkedin' };
    }
    const sales = SALES_PATH.exec(path);
    if (sales) return { url: `https://www.linkedin.com/sales/${sales[1]!.toLowerCase()}${sales[2]}`, kind: 'sales_navigator' };
    return null;
  }
  const phone = host === 'wa.me' ? WHATSAPP_PATH.exec(path) : null;
  return phone ? { url: `https://wa.me/${phone[1]}`, kind: 'whatsapp' } : null;
}

/** The usual spelling of a member URL, read by hand (`new URL` costs ~10 µs an import row); same answer as the parser, property-tested. */
const PLAIN_MEMBER =
  /^(?:https?:\/\/)?(?:(?:www|[a-z]{2})\.)?linkedin\.com(?::443|:80)?\/in\/([a-z0-9_-]+)(?:\/[a-z]{2}(?:[-_][a-z]{2})?)?\/*(?:[?#].*)?$/i;

function readPlainMember(url: string): ReadProfileUrl | undefined {
  const match = PLAIN_MEMBER.exec(url);
  return match ? { url: `https://www.linkedin.com/in/${match[1]!.toLowerCase()}`, kind: 'linkedin' } : undefined;
}

const HAS_HTTP_SCHEME = /^https?:\/\//i;

/** 9.1's reading by the URL parser, then the rule; null when `url` is not an absolute http(s) URL. */
function readParsed(url: string): ReadProfileUrl | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return null;
  const path = parsed.pathname.replace(/\/+$/, '');
  // URL already lower-cases the scheme and host and drops a default port; a profile's stored form has no port.
  return profileOfReadUrl(parsed.hostname, path) ?? { url: `${parsed.protocol}//${parsed.host}${path}`, kind: null };
}

/** The rule's reading of `raw` by the URL parser alone (the hand-read way's reference in its property test). */
export function readProfileUrlByParser(raw: string): ReadProfileUrl | null {
  const url = raw.trim();
  if (HAS_HTTP_SCHEME.test(url)) return readParsed(url);
  // People paste "linkedin.com/in/ada" and "wa.me/336…": without a scheme only an accepted profile counts.
  const withScheme = readParsed(`https://${url}`);
  return withScheme?.kind ? withScheme : null;
}

/** The rule's reading of `raw`; null when it is no absolute http(s) URL (nor a profile written without scheme). */
export function readProfileUrl(raw: string): ReadProfileUrl | null {
  return readPlainMember(raw.trim()) ?? readProfileUrlByParser(raw);
}

/** The stored form of a profile URL (accepted or not); null when `raw` is not an http(s) URL. Ingest and events use this. */
export function normaliseProfileUrl(raw: string): string | null {
  return readProfileUrl(raw)?.url ?? null;
}

/** Why import and PATCH refuse `raw`, in users' words; null when it is an accepted profile URL. */
export function profileUrlProblem(raw: string): string | null {
  const read = readProfileUrl(raw);
  if (read?.kind) return null;
  if (read === null) return `This is not a web link: use ${ACCEPTED_PROFILE_URLS}.`;
  const host = new URL(read.url).hostname;
  if (/(?:^|\.)linkedin\.com$/.test(host)) return `This LinkedIn link is not a person’s profile: use ${ACCEPTED_PROFILE_URLS}.`;
  return `${host.replace(/^www\./, '')} is not LinkedIn or WhatsApp: use ${ACCEPTED_PROFILE_URLS}.`;
}

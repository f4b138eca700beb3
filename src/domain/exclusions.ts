import { normaliseProfileUrl, profileUrlProblem } from './profile-url';

/**
 * Contract 10.3's do-not-contact entries: what each kind's value is, and its stored form. A profile
 * is an accepted profile URL (stored by the one profile URL rule), a company any name (trimmed; it
 * matches the prospect's company case-insensitively), a domain an e-mail domain (lower-case; it
 * matches that domain and its subdomains). The server stores what this answers; the app's forms and
 * CSV import check with it before sending.
 */

export const EXCLUSION_KINDS = ['profile', 'company', 'domain'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** How long each kind's value may be (a company as long as a prospect's company, a domain as DNS allows). */
export const EXCLUSION_VALUE_LIMITS: Readonly<Record<ExclusionKind, number>> = { profile: 2000, company: 300, domain: 253 };
export const MAX_EXCLUSION_REASON = 200;

/** What each kind is, in users' words. */
export const EXCLUSION_KIND_LABEL: Readonly<Record<ExclusionKind, string>> = {
  profile: 'Person',
  company: 'Company',
  domain: 'Email domain',
};

const DOMAIN_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = new RegExp(`^(?:${DOMAIN_LABEL}\\.)+${DOMAIN_LABEL}$`);

export type ExclusionValue = { value: string } | { problem: string };

/** The stored value of an entry of `kind`, or why `raw` is not one (in users' words). */
export function exclusionValue(kind: ExclusionKind, raw: string): ExclusionValue {
  const given = raw.trim();
  if (given === '') return { problem: 'is required' };
  if (given.length > EXCLUSION_VALUE_LIMITS[kind]) return { problem: `must be at most ${EXCLUSION_VALUE_LIMITS[kind]} characters` };
  if (kind === 'company') return { value: given };
  if (kind === 'profile') {
    const problem = profileUrlProblem(given);
    return problem === null ? { value: normaliseProfileUrl(given)! } : { problem };
  }
  const domain = given.replace(/^@/, '').toLowerCase();
  return DOMAIN.test(domain)
    ? { value: domain }
    : { problem: 'must be an e-mail domain such as acme.com (it also covers its subdomains, e.g. eu.acme.com)' };
}

/** The kind a pasted value most likely is: a web link, an e-mail domain (`acme.com`, `@acme.com`), else a company name. */
export function guessExclusionKind(raw: string): ExclusionKind {
  const given = raw.trim();
  // A web link is meant as a person (and told so when it is not a profile LinkedIn or WhatsApp knows).
  if (profileUrlProblem(given) === null || /^(?:https?:\/\/|www\.)/i.test(given)) return 'profile';
  return DOMAIN.test(given.replace(/^@/, '').toLowerCase()) && /\.[a-z]{2,}$/i.test(given) ? 'domain' : 'company';
}

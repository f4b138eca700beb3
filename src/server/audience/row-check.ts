import { z } from 'zod';
import { mayBeUnstorable } from '../../domain/contract/bounds';
import {
  MAX_CUSTOM_FIELD_NAME,
  MAX_CUSTOM_FIELD_TEXT,
  MAX_CUSTOM_FIELDS,
  MAX_EMAIL,
  MAX_PROFILE_URL,
  PROSPECT_TEXT_LIMITS,
  prospectInputSchema,
  type ImportError,
} from '../../domain/contract/prospects';
import { MAX_TIME_ZONE } from '../../domain/contract/schedule';
import { canonicalTimeZone } from '../../domain/time-zones';
import { normaliseProfileUrl, readProfileUrl } from '../../domain/profile-url';
import { storedText } from './prospects';

/**
 * One import row (contract 9.1) checked and turned into what is stored. The contract's zod schema is
 * the rule and the only source of error messages; zod costs ~25 µs a row, most of it the object
 * machinery, so a row that is plainly valid — known fields, clean text within its bounds, a profile
 * URL the rule accepts (contract 10.3) — is read by hand first (~1 µs). Anything unusual goes to zod, which accepts it
 * or says why; a property test keeps both ways giving the same row.
 */

export interface StoredRow {
  profileUrl: string;
  name: string | null;
  headline: string | null;
  company: string | null;
  email: string | null;
  timeZone: string | null;
  customFields: string;
}

export type RowVerdict = { row: StoredRow } | { errors: Omit<ImportError, 'index'>[] };

const FIELDS = new Set(Object.keys(prospectInputSchema.shape));
const TEXT_FIELDS = Object.entries(PROSPECT_TEXT_LIMITS) as [keyof typeof PROSPECT_TEXT_LIMITS, number][];

const isCleanText = (value: unknown): value is string => typeof value === 'string' && !mayBeUnstorable(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** An optional text within `max` characters as stored (trimmed, empty → null); undefined when the row needs zod. */
function plainText(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isCleanText(value) || value.length > max) return undefined;
  return storedText(value.trim());
}

/** An e-mail as the schema stores it (trimmed, within its bound, zod's own e-mail pattern); undefined when zod must decide. */
function plainEmail(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isCleanText(value)) return undefined;
  const email = value.trim();
  return email.length <= MAX_EMAIL && z.regexes.email.test(email) ? email : undefined;
}

/** A known IANA zone name as the schema stores it (canonical: "europe/paris" → "Europe/Paris"); undefined when zod must decide. */
function plainTimeZone(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return isCleanText(value) && value.length <= MAX_TIME_ZONE ? (canonicalTimeZone(value) ?? undefined) : undefined;
}

function plainCustomFields(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length > MAX_CUSTOM_FIELDS) return false;
  for (const key of keys) {
    // __proto__ is an own key of parsed JSON but not of an object zod builds: zod decides.
    if (key.length === 0 || key.length > MAX_CUSTOM_FIELD_NAME || key === '__proto__' || mayBeUnstorable(key)) return false;
    const v = value[key];
    if (
      typeof v === 'string'
        ? v.length > MAX_CUSTOM_FIELD_TEXT || mayBeUnstorable(v)
        : typeof v === 'number'
          ? !Number.isFinite(v)
          : typeof v !== 'boolean'
    )
      return false;
  }
  return true;
}

/** The stored row when `raw` is plainly valid; undefined when zod must decide. */
export function quickRow(raw: unknown): StoredRow | undefined {
  if (!isPlainObject(raw)) return undefined;
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) return undefined;
  const url = raw.profileUrl;
  if (!isCleanText(url) || url.length > MAX_PROFILE_URL) return undefined;
  // Only an accepted profile (contract 10.3) is read by hand; zod says why any other is refused.
  const profileUrl = readProfileUrl(url);
  if (!profileUrl?.kind) return undefined;
  const texts: Partial<Record<keyof typeof PROSPECT_TEXT_LIMITS, string | null>> = {};
  for (const [field, max] of TEXT_FIELDS) {
    const value = plainText(raw[field], max);
    if (value === undefined) return undefined;
    texts[field] = value;
  }
  const email = plainEmail(raw.email);
  const timeZone = plainTimeZone(raw.timeZone);
  if (email === undefined || timeZone === undefined) return undefined;
  if (raw.customFields !== undefined && !plainCustomFields(raw.customFields)) return undefined;
  return {
    profileUrl: profileUrl.url,
    name: texts.name!,
    headline: texts.headline!,
    company: texts.company!,
    email,
    timeZone,
    customFields: JSON.stringify(raw.customFields ?? {}),
  };
}

/** A row's schema errors as import errors: one per problem, by path (an unknown field named by its own path). */
export function schemaErrors(error: z.ZodError): Omit<ImportError, 'index'>[] {
  const errors: Omit<ImportError, 'index'>[] = [];
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [null];
    for (const key of keys) {
      const path = [...issue.path.map(String), ...(key === null ? [] : [key])].join('.');
      errors.push({ path, message: key === null ? issue.message : `Unknown field "${key}"` });
    }
  }
  return errors;
}

/** The contract's schema on the whole row: the stored row, or every problem by path. */
export function schemaRow(raw: unknown): RowVerdict {
  const parsed = prospectInputSchema.safeParse(raw);
  if (!parsed.success) return { errors: schemaErrors(parsed.error) };
  const row = parsed.data;
  return {
    row: {
      profileUrl: normaliseProfileUrl(row.profileUrl)!,
      name: storedText(row.name),
      headline: storedText(row.headline),
      company: storedText(row.company),
      email: storedText(row.email),
      timeZone: storedText(row.timeZone),
      customFields: JSON.stringify(row.customFields ?? {}),
    },
  };
}

/** One row: by hand when plainly valid, else by the contract's schema. */
export function checkRow(raw: unknown): RowVerdict {
  const row = quickRow(raw);
  return row ? { row } : schemaRow(raw);
}

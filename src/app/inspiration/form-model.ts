import type { z } from 'zod';
import { INT32_MAX } from '../../domain/contract/bounds';
import { inspirationInputSchema, MAX_MEDIA_ITEMS, type InspirationInput } from '../../domain/contract/inspiration';
import type { FieldError } from '../api/http';
import { formatCount } from '../ui/format';

/**
 * The inspiration form as the user types it (all text; dates as a date input's local "2026-03-04T09:30"),
 * and its conversion to the spec 4.3 body. Validation is the shared schema's; this file maps values and
 * messages, and adds the few checks a person needs beyond the wire's (a post URL is a web address, an
 * image is at least a pixel wide).
 */
export interface MediaDraft {
  key: number;
  type: 'image' | 'video';
  url: string;
  thumbnailUrl: string;
  width: string;
  height: string;
}

export interface InspirationDraft {
  text: string;
  author: string;
  url: string;
  providerId: string;
  notes: string;
  authorId: string;
  authorUrl: string;
  linkedinAccountId: string;
  reactions: string;
  comments: string;
  reposts: string;
  observedAt: string;
  publishedAt: string;
  avatarUrl: string;
  media: MediaDraft[];
}

export const EMPTY_DRAFT: InspirationDraft = {
  text: '',
  author: '',
  url: '',
  providerId: '',
  notes: '',
  authorId: '',
  authorUrl: '',
  linkedinAccountId: '',
  reactions: '',
  comments: '',
  reposts: '',
  observedAt: '',
  publishedAt: '',
  avatarUrl: '',
  media: [],
};

let mediaKey = 1;
export const newMedia = (): MediaDraft => ({ key: mediaKey++, type: 'image', url: '', thumbnailUrl: '', width: '', height: '' });
export { MAX_MEDIA_ITEMS };

/** Field path → message, paths as in problem+json (`media.0.url`). */
export type FieldErrors = Record<string, string>;

// Fields the spec types "string" (not nullable): left empty they are omitted. Nullable ones are cleared to null.
const OPTIONAL = ['author', 'providerId', 'observedAt'] as const;
const NULLABLE = ['url', 'notes', 'authorId', 'authorUrl', 'linkedinAccountId', 'publishedAt', 'avatarUrl'] as const;
const COUNTS = ['reactions', 'comments', 'reposts'] as const;

/** '' → null; an integer literal → number; anything else stays text so the schema rejects it (not silently null). */
const intOrNull = (v: string): unknown => {
  const t = v.trim();
  if (!t) return null;
  return /^[+-]?\d+$/.test(t) ? Number(t) : t;
};
const textOrNull = (v: string): string | null => (v.trim() ? v.trim() : null);

/** Fields picked with a date input (behind "More details"). */
export const DATE_FIELDS = ['publishedAt', 'observedAt'] as const;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
/** A date input's local value → ISO 8601 in UTC; anything else stays as typed so the schema rejects it. */
const isoOrText = (v: string): string => {
  const t = v.trim();
  const ms = LOCAL_DATE_TIME.test(t) ? new Date(t).getTime() : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : t;
};
/** Now, as a date input's local value (to the minute). */
export function localNow(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function draftToBody(d: InspirationDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { text: d.text };
  for (const k of OPTIONAL) if (d[k].trim()) body[k] = d[k].trim();
  for (const k of NULLABLE) body[k] = k === 'notes' ? (d.notes.trim() ? d.notes : null) : textOrNull(d[k]);
  for (const k of DATE_FIELDS) if (d[k].trim()) body[k] = isoOrText(d[k]);
  for (const k of COUNTS) body[k] = intOrNull(d[k]);
  body.media = d.media.map((m) => ({
    type: m.type,
    url: m.url.trim(),
    thumbnailUrl: textOrNull(m.thumbnailUrl),
    width: intOrNull(m.width),
    height: intOrNull(m.height),
  }));
  return body;
}

const URL_FIELDS = /(^|\.)(url|thumbnailUrl|avatarUrl|authorUrl)$/;
const NUMBER_FIELDS = /(^|\.)(reactions|comments|reposts|width|height)$/;
const isWebUrl = (u: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(u.trim());
/** "Enter a full web address, like …" with an example that fits the field (no full stop after an ellipsis). */
const webAddressMessage = (path: string) =>
  path === 'url'
    ? 'Enter a full web address, like https://www.linkedin.com/posts/…'
    : path.startsWith('media.')
      ? 'Enter a full web address, like https://example.com/picture.jpg.'
      : 'Enter a full web address, starting with https://';

/** A zod issue in the user's words. */
function describe(issue: z.core.$ZodIssue, path: string): string {
  if (path === 'media' && issue.code === 'too_big') return `At most ${MAX_MEDIA_ITEMS} media items.`;
  if (URL_FIELDS.test(path)) return webAddressMessage(path);
  if ((DATE_FIELDS as readonly string[]).includes(path))
    return issue.code === 'custom' ? 'Must be a date between the years 1 and 9999.' : 'Must be a date: pick it in the calendar.';
  if (NUMBER_FIELDS.test(path)) {
    if (issue.code === 'too_big') return `Too large: at most ${formatCount(INT32_MAX)}.`;
    if (issue.code === 'too_small') return 'Must be 0 or more.';
    return 'Enter a whole number, or leave it empty.';
  }
  return issue.message;
}

/** What the wire accepts but no post has: a post URL that is no web address, an image 0 pixels wide. */
function humanChecks(d: InspirationDraft, body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const k of ['url', 'authorUrl'] as const) if (d[k].trim() && !isWebUrl(d[k])) errors[k] = webAddressMessage(k);
  (body.media as Record<string, unknown>[]).forEach((m, i) => {
    for (const k of ['width', 'height'] as const)
      if (m[k] === 0) errors[`media.${i}.${k}`] = 'Must be at least 1 pixel, or leave it empty.';
  });
  return errors;
}

const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** Validates with the shared schema; returns the body to send, or the errors by field path. */
export function validateDraft(d: InspirationDraft): { ok: true; input: InspirationInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  // The schema admits an empty text; an inspiration without its text is of no use, so the form asks for it.
  if (!d.text.trim()) errors.text = 'Paste the post’s text.';
  const body = draftToBody(d);
  Object.assign(errors, humanChecks(d, body));
  const parsed = inspirationInputSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = pathKey(issue.path);
      errors[key] ??= describe(issue, key);
    }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** Server field errors (contract 3 `errors[]`) onto the same paths; strips a leading `body.` if any. */
export function serverErrors(errors: FieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = e.path.replace(/^(body|inspiration)\./, '').replace(/\[(\d+)\]/g, '.$1');
    out[key || '_form'] ??= e.message;
  }
  return out;
}

/** DOM id of a field's control, from its path. */
export const fieldId = (formId: string, path: string): string => `${formId}-${path.replace(/\./g, '-')}`;

/**
 * Message templates (spec 2.5 `message_template`): the only placeholder is `{{fieldName}}`,
 * filled from the prospect's customFields. Nested templates must be rendered before import.
 *
 * Decisions where the spec is silent:
 * - fieldName is an identifier `[A-Za-z_][A-Za-z0-9_]*`, written exactly between the braces:
 *   no spaces (`{{ firstName }}`), no dotted paths (`{{company.name}}`), no filters. The
 *   renderer that sends is not ours, so we accept only the one form the spec names.
 * - A single `{` or `}` is plain text; `{{` and `}}` always belong to a placeholder, so an
 *   unclosed `{{`, a stray `}}` and `{{{name}}}` are errors.
 */

/** The placeholders marketers use most; offered as chips in every message template. */
export const COMMON_PLACEHOLDERS = ['firstName', 'lastName', 'company', 'jobTitle', 'industry', 'location'] as const;

/**
 * Names a placeholder is known by: the common ones and a prospect's own fields (contract 9.1 fills
 * `{{name}}` from custom fields, then from the prospect's fields of that name). Names are case-sensitive.
 */
export const KNOWN_PLACEHOLDERS: readonly string[] = [...COMMON_PLACEHOLDERS, 'name', 'headline', 'email', 'profileUrl', 'timeZone'];

export interface TemplateError {
  /** Offset in the text (UTF-16 code units) where the problem starts. */
  index: number;
  message: string;
}

export interface ParsedTemplate {
  /** Field names used, unique, in order of first use. */
  placeholders: string[];
  errors: TemplateError[];
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Token {
  kind: 'placeholder' | 'error';
  /** Start and end (exclusive) of the token in the text. */
  start: number;
  end: number;
  name?: string;
  message?: string;
}

/** End (exclusive) of the `}}` closing a nested `{{` at `start`, or -1 when it never closes. */
function skipNested(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length - 1) {
    if (text.startsWith('{{', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('}}', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return -1;
}

/** A valid field name close to what was written: `first name` / `first-name` / `First_Name` → firstName-style. */
function suggestFieldName(written: string): string {
  const words = written.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) return 'fieldName';
  const joined =
    words.length === 1 && written.trim() === words[0]
      ? words[0]!
      : words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

function explainBadName(inner: string): string {
  if (inner.trim().length === 0) return 'Empty placeholder {{}}: write a field name, e.g. {{firstName}}';
  if (inner.includes('{') || inner.includes('}')) return 'Malformed placeholder: too many braces; write {{fieldName}}';
  const trimmed = inner.trim();
  if (trimmed !== inner && FIELD_NAME.test(trimmed)) return `Remove the spaces: write {{${trimmed}}}`;
  const suggestion = `{{${suggestFieldName(trimmed)}}}`;
  if (trimmed.includes('.')) return `Dotted paths are not supported: use one field name, e.g. ${suggestion}`;
  return `“${trimmed}” is not a field name (one word of letters and digits): write ${suggestion}`;
}

/** `text.indexOf(needle, from)` remembered between calls, so a left-to-right scan stays linear. */
function finder(text: string, needle: string): (from: number) => number {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (from) => {
    if (searchedFrom > from || (found !== -1 && found < from)) {
      searchedFrom = from;
      found = text.indexOf(needle, from);
    }
    return found;
  };
}

/** Splits a template into placeholders and errors in one left-to-right pass (linear in the text). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const nextOpen = finder(text, '{{');
  const nextClose = finder(text, '}}');
  let i = 0;
  while (i < text.length - 1) {
    const open = nextOpen(i);
    const stray = nextClose(i);
    if (stray !== -1 && (open === -1 || stray < open)) {
      tokens.push({ kind: 'error', start: stray, end: stray + 2, message: 'Closing }} without an opening {{' });
      i = stray + 2;
      continue;
    }
    if (open === -1) break;
    const close = nextClose(open + 2);
    if (close === -1) {
      tokens.push({ kind: 'error', start: open, end: text.length, message: 'Unclosed placeholder: {{ without a closing }}' });
      break;
    }
    const inner = nextOpen(open + 2);
    if (inner !== -1 && inner < close) {
      const end = skipNested(text, open);
      const message = 'Nested placeholders are not supported: render the inner template before import';
      tokens.push({ kind: 'error', start: open, end: end === -1 ? text.length : end, message });
      if (end === -1) break;
      i = end;
      continue;
    }
    // `{{{name}}}`: the opening `{{` is followed by `{` and the closing `}}` by another `}`.
    const end = text[open + 2] === '{' && text[close + 2] === '}' ? close + 3 : close + 2;
    const name = text.slice(open + 2, close);
    if (end === close + 2 && FIELD_NAME.test(name)) tokens.push({ kind: 'placeholder', start: open, end, name });
    else tokens.push({ kind: 'error', start: open, end, message: explainBadName(name) });
    i = end;
  }
  return tokens;
}

/** Placeholders and errors of a template (spec 2.5; contract 5 `template_invalid`). */
export function parseTemplate(text: string): ParsedTemplate {
  const placeholders: string[] = [];
  const seen = new Set<string>();
  const errors: TemplateError[] = [];
  for (const token of tokenize(text)) {
    if (token.kind === 'error') errors.push({ index: token.start, message: token.message ?? 'Malformed placeholder' });
    else if (token.name !== undefined && !seen.has(token.name)) {
      seen.add(token.name);
      placeholders.push(token.name);
    }
  }
  return { placeholders, errors };
}

/** A piece of a filled-in text: written text, or a placeholder left as written because the prospect has no value for it. */
export interface TextSegment {
  text: string;
  /** The placeholder's name, when this piece is one left unfilled. */
  missing?: string;
}

/**
 * renderTemplate's text cut into pieces, each placeholder left unfilled a piece of its own — what a
 * preview shows a person (the import's rows, the launch review), marking what a prospect would get as
 * written. Filled values are never taken for placeholders, whatever they hold.
 */
export function renderSegments(text: string, fields: Readonly<Record<string, string>>): { segments: TextSegment[]; missing: string[] } {
  const segments: TextSegment[] = [];
  const missing: string[] = [];
  let written = '';
  let last = 0;
  for (const token of tokenize(text)) {
    if (token.kind !== 'placeholder' || token.name === undefined) continue;
    const value = Object.prototype.hasOwnProperty.call(fields, token.name) ? fields[token.name] : undefined;
    written += text.slice(last, token.start);
    last = token.end;
    if (typeof value === 'string') {
      written += value;
      continue;
    }
    if (written) segments.push({ text: written });
    written = '';
    segments.push({ text: text.slice(token.start, token.end), missing: token.name });
    if (!missing.includes(token.name)) missing.push(token.name);
  }
  written += text.slice(last);
  if (written || segments.length === 0) segments.push({ text: written });
  return { segments, missing };
}

export interface RenderedTemplate {
  text: string;
  /** Placeholders with no string value in `fields`, unique, in order; they stay in the text as written. */
  missing: string[];
}

/**
 * Fills `{{fieldName}}` from `fields` (own properties with string values only). Missing fields and
 * malformed parts are left verbatim, so a preview shows them; callers refuse to send when
 * `missing` is non-empty or parseTemplate reports errors.
 */
export function renderTemplate(text: string, fields: Readonly<Record<string, string>>): RenderedTemplate {
  let out = '';
  let last = 0;
  const missing: string[] = [];
  for (const token of tokenize(text)) {
    if (token.kind !== 'placeholder' || token.name === undefined) continue;
    const value = Object.prototype.hasOwnProperty.call(fields, token.name) ? fields[token.name] : undefined;
    if (typeof value !== 'string') {
      if (!missing.includes(token.name)) missing.push(token.name);
      continue;
    }
    out += text.slice(last, token.start) + value;
    last = token.end;
  }
  return { text: out + text.slice(last), missing };
}

const OPEN = 123; // {
const CLOSE = 125; // }
const isNameStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNamePart = (c: number): boolean => isNameStart(c) || (c >= 48 && c <= 57);

/**
 * Same verdict as `parseTemplate(text).errors.length === 0` (property-tested), without allocating:
 * the validator's fast path for the common, well-formed template.
 */
export function isWellFormedTemplate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CLOSE && text.charCodeAt(i + 1) === CLOSE) return false;
    if (c !== OPEN || text.charCodeAt(i + 1) !== OPEN) continue;
    let j = i + 2;
    if (!isNameStart(text.charCodeAt(j))) return false;
    while (isNamePart(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== CLOSE || text.charCodeAt(j + 1) !== CLOSE) return false;
    i = j + 1;
  }
  return true;
}

/**
 * `parseTemplate(text).placeholders` of a well-formed template, null for any other (property-tested):
 * the validator's one cheap pass over every message, allocating only the names it finds.
 */
export function wellFormedPlaceholders(text: string): string[] | null {
  const names: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CLOSE && text.charCodeAt(i + 1) === CLOSE) return null;
    if (c !== OPEN || text.charCodeAt(i + 1) !== OPEN) continue;
    let j = i + 2;
    if (!isNameStart(text.charCodeAt(j))) return null;
    while (isNamePart(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== CLOSE || text.charCodeAt(j + 1) !== CLOSE) return null;
    const name = text.slice(i + 2, j);
    if (!names.includes(name)) names.push(name);
    i = j + 1;
  }
  return names;
}

/** A prospect as placeholders see it (contract 9.1): custom fields, and top-level fields such as name or company. */
export interface PlaceholderSource {
  customFields?: Readonly<Record<string, string | number | boolean>> | null;
  profileUrl?: string | null;
  name?: string | null;
  headline?: string | null;
  company?: string | null;
  email?: string | null;
  timeZone?: string | null;
}

const TOP_LEVEL_FIELDS = ['profileUrl', 'name', 'headline', 'company', 'email', 'timeZone'] as const;

/**
 * Contract 9.1: the values `{{fieldName}}` takes for one prospect — its customFields first, then the
 * top-level field of the same name; numbers and true/false as text. Feed the result to renderTemplate.
 */
export function placeholderValues(prospect: PlaceholderSource): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of TOP_LEVEL_FIELDS) {
    const value = prospect[field];
    if (typeof value === 'string' && value !== '') values[field] = value;
  }
  for (const [key, value] of Object.entries(prospect.customFields ?? {})) values[key] = String(value);
  return values;
}

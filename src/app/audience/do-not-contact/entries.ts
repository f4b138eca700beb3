import { EXCLUSION_KINDS, exclusionValue, guessExclusionKind, MAX_EXCLUSION_REASON, type ExclusionKind } from '../../../domain/exclusions';
import type { ParsedCsv } from '../import/parse-csv';

/**
 * Many do-not-contact entries at once (contract 10.3): pasted lines or a CSV file turned into entries,
 * each with its kind (a column or a guess), its reason, and what is wrong with it in users' words
 * (domain/exclusions.ts decides; the server checks again). Pure: the page shows them before sending.
 */

export interface EntryCandidate {
  kind: ExclusionKind;
  value: string;
  reason: string;
  /** Why it cannot be added (null: ready). */
  problem: string | null;
  /** Where it came from: the line of the pasted text or the CSV's line (the header is line 1). */
  line: number;
}

/** A reason's problem: required, at most 200 characters. */
export function reasonProblem(reason: string): string | null {
  const given = reason.trim();
  if (given === '') return 'Say why (a few words, e.g. “Customer”).';
  return given.length > MAX_EXCLUSION_REASON ? `The reason is at most ${MAX_EXCLUSION_REASON} characters.` : null;
}

function candidate(kind: ExclusionKind, value: string, reason: string, line: number): EntryCandidate {
  const checked = exclusionValue(kind, value);
  const problem = 'problem' in checked ? checked.problem : reasonProblem(reason);
  return { kind, value: value.trim(), reason: reason.trim(), problem, line };
}

/** One entry per non-empty line, its kind guessed (a link is a person, acme.com a domain, anything else a company). */
export function entriesFromLines(text: string, reason: string): EntryCandidate[] {
  return text
    .split(/\r?\n/)
    .flatMap((value, i) => (value.trim() === '' ? [] : [candidate(guessExclusionKind(value), value, reason, i + 1)]));
}

/** Header words (squashed) that say which kind a column holds, or that it holds the kind or the reason. */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');
const KIND_OF_HEADER: Record<string, ExclusionKind> = {
  linkedin: 'profile',
  linkedinurl: 'profile',
  profile: 'profile',
  profileurl: 'profile',
  url: 'profile',
  person: 'profile',
  whatsapp: 'profile',
  company: 'company',
  companyname: 'company',
  organisation: 'company',
  organization: 'company',
  domain: 'domain',
  emaildomain: 'domain',
  website: 'domain',
};
const KIND_HEADERS = new Set(['kind', 'type']);
const REASON_HEADERS = new Set(['reason', 'why', 'note', 'notes', 'comment']);
const VALUE_HEADERS = new Set(['value', 'entry', 'name']);

/** A kind written in a cell: the API's words or the page's. */
function kindOfCell(cell: string): ExclusionKind | null {
  const word = squash(cell);
  if ((EXCLUSION_KINDS as readonly string[]).includes(word)) return word as ExclusionKind;
  return KIND_OF_HEADER[word] ?? null;
}

/**
 * Entries from a CSV file: the value column is the first whose header names a kind (else one named
 * like a value, else the first column); a kind column and a reason column are used when present (else the header's kind
 * or a guess, and `reason`). A file without a header row (its first line already an entry) is read whole.
 */
export function entriesFromCsv(csv: ParsedCsv, reason: string): EntryCandidate[] {
  const squashed = csv.headers.map(squash);
  const kindColumn = squashed.findIndex((h) => KIND_HEADERS.has(h));
  const reasonColumn = squashed.findIndex((h) => REASON_HEADERS.has(h));
  const free = (i: number) => i !== kindColumn && i !== reasonColumn;
  const byKind = squashed.findIndex((h, i) => free(i) && h in KIND_OF_HEADER);
  const named = byKind !== -1 ? byKind : squashed.findIndex((h, i) => free(i) && VALUE_HEADERS.has(h));
  const valueColumn = named === -1 ? 0 : named;
  const headerKind = KIND_OF_HEADER[squashed[valueColumn] ?? ''] ?? null;
  const headless = named === -1 && kindColumn === -1 && reasonColumn === -1 && guessExclusionKind(csv.headers[0] ?? '') !== 'company';
  const rows = headless ? [csv.headers, ...csv.rows] : csv.rows;
  return rows.flatMap((row, i) => {
    const value = row[valueColumn] ?? '';
    if (value.trim() === '') return [];
    const kind = (kindColumn === -1 ? null : kindOfCell(row[kindColumn] ?? '')) ?? headerKind ?? guessExclusionKind(value);
    const own = reasonColumn === -1 ? '' : (row[reasonColumn] ?? '').trim();
    return [candidate(kind, value, own || reason, i + (headless ? 1 : 2))];
  });
}

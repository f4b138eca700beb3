import { PROSPECT_TEXT_FIELDS, type ProspectTextField } from '../../../domain/contract/prospects';

/**
 * Matching a CSV's columns to a prospect's fields (contract 9.1): the top-level fields, a custom field
 * (what `{{firstName}}`-style placeholders read first), or nothing. Pure: the import screen shows the
 * guess, the user changes any column, and `buildProspects` turns rows into import rows with it.
 */

/** The prospect's own fields a column can fill, in the order the mapping lists them. */
export const PROSPECT_FIELDS = PROSPECT_TEXT_FIELDS;
export type ProspectField = ProspectTextField;

export const PROSPECT_FIELD_LABEL: Record<ProspectField, string> = {
  profileUrl: 'LinkedIn profile URL',
  name: 'Full name',
  headline: 'Headline or job title',
  company: 'Company',
  email: 'Email',
  timeZone: 'Time zone',
};

/**
 * The two parts of a person's name a file may hold apart: together they are the prospect's name (when
 * no column holds the full name), and each fills its placeholder ({{firstName}}, {{lastName}}).
 */
export const NAME_PARTS = ['firstName', 'lastName'] as const;
export type NamePart = (typeof NAME_PARTS)[number];
export const NAME_PART_LABEL: Record<NamePart, string> = { firstName: 'First name', lastName: 'Last name' };

export type ColumnTarget =
  { kind: 'field'; field: ProspectField } | { kind: 'namePart'; part: NamePart } | { kind: 'custom'; key: string } | { kind: 'ignore' };

/** A header written without case, spaces or punctuation: "LinkedIn URL" → "linkedinurl". */
const squash = (header: string): string =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Headers (squashed) people write for each field, from the exports of the usual tools. */
const FIELD_HEADERS: Record<ProspectField, readonly string[]> = {
  profileUrl: [
    'linkedinurl',
    'linkedinprofileurl',
    'linkedinprofile',
    'linkedin',
    'profileurl',
    'profile',
    'profilelink',
    'linkedinlink',
    'publicprofileurl',
    'personlinkedinurl',
    'url',
  ],
  name: ['name', 'fullname', 'contactname', 'prospectname', 'personname', 'contact'],
  headline: ['headline', 'linkedinheadline', 'tagline', 'jobtitle', 'title', 'position', 'role', 'occupation', 'currentposition'],
  company: ['company', 'companyname', 'organization', 'organisation', 'employer', 'currentcompany', 'account', 'accountname'],
  email: ['email', 'emailaddress', 'mail', 'workemail', 'businessemail', 'professionalemail'],
  timeZone: ['timezone', 'tz', 'zone'],
};

const NAME_PART_HEADERS: Record<NamePart, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'prenom'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom'],
};

/** Custom fields whose usual headers map to the placeholder names marketers write ({{location}}, {{industry}}). */
const CUSTOM_HEADERS: Record<string, readonly string[]> = {
  location: ['location', 'city', 'place'],
  industry: ['industry', 'sector'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone'],
  website: ['website', 'companywebsite', 'site', 'domain', 'companydomain'],
};

const LOOKUP = new Map<string, ColumnTarget>([
  ...Object.entries(FIELD_HEADERS).flatMap(([field, headers]) =>
    headers.map((h): [string, ColumnTarget] => [h, { kind: 'field', field: field as ProspectField }]),
  ),
  ...Object.entries(NAME_PART_HEADERS).flatMap(([part, headers]) =>
    headers.map((h): [string, ColumnTarget] => [h, { kind: 'namePart', part: part as NamePart }]),
  ),
  ...Object.entries(CUSTOM_HEADERS).flatMap(([key, headers]) => headers.map((h): [string, ColumnTarget] => [h, { kind: 'custom', key }])),
]);

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A placeholder-ready custom field name for a header: "Favourite colour" → "favouriteColour", "2nd email" → "_2ndEmail". */
export function customFieldKey(header: string): string {
  const words = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return 'field';
  // "NPS" → "nps", "companySize" stays, "Note" → "note": placeholders read as lower camel case.
  const word = (w: string) => (w.length > 1 && w === w.toUpperCase() ? w.toLowerCase() : w);
  const joined = words
    .map(word)
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

export const isCustomFieldKey = (key: string): boolean => FIELD_NAME.test(key);

const LINKEDIN_PROFILE = /^(https?:\/\/)?([a-z0-9-]+\.)?linkedin\.com\/(in|pub|sales\/lead|sales\/people)\//i;

/** True when most non-empty sample values of a column look like LinkedIn profile links. */
function looksLikeProfiles(rows: readonly (readonly string[])[], column: number): boolean {
  const values = rows.map((r) => (r[column] ?? '').trim()).filter(Boolean);
  return values.length > 0 && values.filter((v) => LINKEDIN_PROFILE.test(v)).length * 2 > values.length;
}

/** What a target fills, as one key (the same key twice is one field filled by two columns); null for "don't import". */
export function targetName(t: ColumnTarget): string | null {
  if (t.kind === 'field') return `field:${t.field}`;
  if (t.kind === 'namePart') return `part:${t.part}`;
  return t.kind === 'custom' ? `custom:${t.key}` : null;
}

/**
 * The guess for every column: known headers to their field, then (when no header named it) the
 * column whose values look like LinkedIn profiles to the profile URL; every other column becomes a
 * custom field named after its header. Each target is given to one column only (the first).
 */
export function matchColumns(headers: readonly string[], sampleRows: readonly (readonly string[])[] = []): ColumnTarget[] {
  const taken = new Set<string>();
  const targetKey = (t: ColumnTarget) => targetName(t) ?? '';
  const claim = (t: ColumnTarget): boolean => {
    const key = targetKey(t);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
  const targets: (ColumnTarget | null)[] = headers.map((header) => {
    const known = LOOKUP.get(squash(header));
    return known && claim(known) ? known : null;
  });
  if (!taken.has('field:profileUrl')) {
    const column = targets.findIndex((t, i) => t === null && looksLikeProfiles(sampleRows, i));
    if (column !== -1) targets[column] = { kind: 'field', field: 'profileUrl' };
    taken.add('field:profileUrl');
  }
  return targets.map((t, i) => {
    if (t) return t;
    const base = customFieldKey(headers[i] ?? '');
    let key = base;
    for (let n = 2; !claim({ kind: 'custom', key }); n++) key = `${base}${n}`;
    return { kind: 'custom', key };
  });
}

/** Problems with a mapping that stop the import, in users' words (none: ready). */
export function mappingProblems(headers: readonly string[], targets: readonly ColumnTarget[]): string[] {
  const problems: string[] = [];
  if (!targets.some((t) => t.kind === 'field' && t.field === 'profileUrl'))
    problems.push('Choose the column with the LinkedIn profile URLs: every prospect needs one.');
  const seen = new Map<string, string>();
  targets.forEach((t, i) => {
    if (t.kind === 'ignore') return;
    if (t.kind === 'custom' && !isCustomFieldKey(t.key))
      problems.push(
        `“${headers[i]}”: a custom field name is one word of letters and digits, e.g. ${customFieldKey(t.key || headers[i] || '')}.`,
      );
    const key =
      t.kind === 'field' ? PROSPECT_FIELD_LABEL[t.field] : t.kind === 'namePart' ? NAME_PART_LABEL[t.part] : `custom field ${t.key}`;
    const other = seen.get(key);
    if (other !== undefined) problems.push(`“${other}” and “${headers[i]}” both fill ${key}: choose one.`);
    else seen.set(key, headers[i] ?? '');
  });
  return problems;
}

/** One prospect as the import sends it (contract 9.1); absent fields are left out. */
export interface ProspectImportRow {
  profileUrl: string;
  name?: string;
  headline?: string;
  company?: string;
  email?: string;
  timeZone?: string;
  customFields?: Record<string, string>;
}

/**
 * Import rows from CSV rows with a mapping. Values are trimmed; empty cells are left out. Without a
 * full-name column, the name is the first and last name columns joined; each name part also fills its
 * placeholder ({{firstName}}). `rowIndex[i]` is the CSV data row of `prospects[i]` (rows with no value
 * in any used column are skipped and not sent).
 */
export function buildProspects(
  rows: readonly (readonly string[])[],
  targets: readonly ColumnTarget[],
): { prospects: ProspectImportRow[]; rowIndex: number[]; blankRows: number } {
  const hasName = targets.some((t) => t.kind === 'field' && t.field === 'name');
  const prospects: ProspectImportRow[] = [];
  const rowIndex: number[] = [];
  let blankRows = 0;
  rows.forEach((row, r) => {
    const out: Record<string, unknown> = {};
    const custom: Record<string, string> = {};
    let any = false;
    targets.forEach((t, c) => {
      const value = (row[c] ?? '').trim();
      if (t.kind === 'ignore' || value === '') return;
      any = true;
      if (t.kind === 'field') out[t.field] = value;
      else if (t.kind === 'namePart') custom[t.part] = value;
      else custom[t.key] = value;
    });
    if (!any) {
      blankRows++;
      return;
    }
    if (!hasName) {
      const joined = [custom.firstName, custom.lastName].filter(Boolean).join(' ');
      if (joined) out.name = joined;
    }
    if (Object.keys(custom).length > 0) out.customFields = custom;
    prospects.push({ profileUrl: '', ...out } as ProspectImportRow);
    rowIndex.push(r);
  });
  return { prospects, rowIndex, blankRows };
}

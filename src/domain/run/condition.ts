import { prospectField, type FieldValue, type RunProspect } from './prospect';

/**
 * Contract 9.3 condition steps: `field operator value`, the one parser (the engine evaluates with
 * it and the validator warns, launch-blocking, when it cannot read a condition). Text compares
 * case-insensitively; `>`, `>=`, `<`, `<=` compare numbers.
 */

/** Longest first, so `is not empty` wins over `is not` and `is`, `>=` over `>`. */
export const CONDITION_OPERATORS = [
  'does not contain',
  'is not empty',
  'is empty',
  'is not',
  'contains',
  'is',
  '>=',
  '<=',
  '>',
  '<',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const NO_VALUE: ReadonlySet<ConditionOperator> = new Set(['is empty', 'is not empty']);
const NUMERIC: ReadonlySet<ConditionOperator> = new Set(['>', '>=', '<', '<=']);
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const QUOTES: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
];

export interface Condition {
  readonly field: string;
  readonly operator: ConditionOperator;
  /** The value as written (quotes removed); '' for the empty tests. */
  readonly value: string;
}

export type ParsedCondition = { readonly ok: true; readonly condition: Condition } | { readonly ok: false; readonly reason: string };

const isSpace = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);
const isWordOperator = (op: string): boolean => /^[a-z]/.test(op);

/** The first operator in the text (word operators stand between spaces); the longest at that place. */
function findOperator(text: string): { at: number; operator: ConditionOperator } | undefined {
  const lower = text.toLowerCase();
  for (let at = 1; at < text.length; at++) {
    for (const operator of CONDITION_OPERATORS) {
      if (!lower.startsWith(operator, at)) continue;
      if (isWordOperator(operator) && !(isSpace(text[at - 1]) && isSpace(text[at + operator.length]))) continue;
      return { at, operator };
    }
  }
  return undefined;
}

function unquote(value: string): string {
  for (const [open, close] of QUOTES) {
    if (value.length >= 2 && value.startsWith(open) && value.endsWith(close)) return value.slice(open.length, -close.length);
  }
  return value;
}

const EXAMPLE = 'write a field, a test and a value, like “company contains Acme”';
const OPERATOR_LIST = 'is, is not, contains, does not contain, is empty, is not empty, >, >=, < or <=';

/** Reads `field operator value`; the reason says in users' words what is wrong. */
export function parseCondition(text: unknown): ParsedCondition {
  const written = typeof text === 'string' ? text.trim() : '';
  if (written === '') return { ok: false, reason: `it is empty: ${EXAMPLE}` };
  const found = findOperator(written);
  if (!found) return { ok: false, reason: `it has no test: use ${OPERATOR_LIST}` };
  const field = written.slice(0, found.at).trim();
  const value = unquote(written.slice(found.at + found.operator.length).trim());
  if (!FIELD_NAME.test(field))
    return { ok: false, reason: `“${field}” is not a field name: use the name of a prospect field without spaces, like jobTitle` };
  if (NO_VALUE.has(found.operator)) {
    if (value !== '') return { ok: false, reason: `“${found.operator}” takes no value after it` };
    return { ok: true, condition: { field, operator: found.operator, value: '' } };
  }
  if (NUMERIC.has(found.operator) && toNumber(value) === undefined)
    return { ok: false, reason: `“${value || 'nothing'}” is not a number, and “${found.operator}” compares numbers` };
  if (value === '' && written.slice(found.at + found.operator.length).trim() === '')
    return { ok: false, reason: `nothing follows “${found.operator}”: add the value to compare with` };
  return { ok: true, condition: { field, operator: found.operator, value } };
}

function toNumber(value: FieldValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

const asText = (value: FieldValue | undefined): string => (value === null || value === undefined ? '' : String(value).trim().toLowerCase());

function equals(actual: FieldValue | undefined, expected: string): boolean {
  const a = toNumber(actual);
  const b = toNumber(expected);
  if (typeof actual === 'number' && a !== undefined && b !== undefined) return a === b;
  return asText(actual) === expected.trim().toLowerCase();
}

/** Does the condition hold for the prospect? A missing field is empty, contains nothing and compares to no number. */
export function conditionHolds(condition: Condition, prospect: RunProspect): boolean {
  const actual = prospectField(prospect, condition.field);
  const expected = condition.value;
  switch (condition.operator) {
    case 'is empty':
      return asText(actual) === '';
    case 'is not empty':
      return asText(actual) !== '';
    case 'is':
      return equals(actual, expected);
    case 'is not':
      return !equals(actual, expected);
    case 'contains':
      return asText(actual).includes(expected.trim().toLowerCase());
    case 'does not contain':
      return !asText(actual).includes(expected.trim().toLowerCase());
    default: {
      const a = toNumber(actual);
      const b = toNumber(expected)!;
      if (a === undefined) return false;
      if (condition.operator === '>') return a > b;
      if (condition.operator === '>=') return a >= b;
      if (condition.operator === '<') return a < b;
      return a <= b;
    }
  }
}

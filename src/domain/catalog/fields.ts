import { z } from 'zod';

/**
 * The one field table: every data field a step's form shows, with its kind, bounds,
 * options, required flag, provider limit, label and help. The zod node data schema
 * (`nodeDataSchema`), the validator's fast checks (`FAST_DATA_CHECKS`), the validator's messages
 * and the inspector form (`FIELDS`) are all derived from it; nothing else declares a bound.
 */

/** Comparison operators of spec 2.5 `thresholdOperator`. */
export const THRESHOLD_OPERATORS = ['>=', '>', '<=', '<', '=='] as const;
export const DELAY_TYPES = ['minutes', 'hours', 'days'] as const;
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** How a form renders a field; the app maps each kind to one input component. */
export type FieldKind = 'text' | 'longText' | 'template' | 'boolean' | 'number' | 'select' | 'keyValue' | 'url' | 'variants';

/**
 * Contract 8.6: what the network accepts in a text a step sends (a `provider_limit` warning past it).
 * `freeMax` applies when a sender without a premium seat may send the step.
 */
export interface ProviderLimit {
  readonly max: number;
  readonly freeMax?: number;
  /** The text in users' words, for messages: "connection note", "InMail subject". */
  readonly what: string;
}

export interface FieldDefinition {
  readonly key: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly help?: string;
  /** Spec 4.1 rule 9: a non-blank string is needed (credential_id, campaign_id). */
  readonly required?: boolean;
  readonly options?: readonly string[];
  /** How an option reads to users when it is not a word ("≥" for ">="); absent: the option itself. */
  readonly optionLabels?: Readonly<Record<string, string>>;
  /** A number's bounds; for `variants`, how many a step may hold. */
  readonly min?: number;
  readonly max?: number;
  /** The most characters a text holds (for `variants`, each variant's label). */
  readonly maxLength?: number;
  /** Strictly greater than `min` (spec 2.5 "greater than 0"). */
  readonly exclusiveMin?: boolean;
  readonly unit?: string;
  /** Contract 8.6 provider limit of the text (a catalog entry may narrow it for its type). */
  readonly limit?: ProviderLimit;
  /** The text is a message template: `{{fieldName}}` placeholders are checked (template_invalid). */
  readonly placeholders?: boolean;
  /**
   * A field of spec 2.5: typed and bounded on every node (contract 5), part of `nodeDataSchema`.
   * The others are type-specific extras: extra properties, kept as they are by the schema.
   */
  readonly spec?: boolean;
}

type Row = Omit<FieldDefinition, 'key'>;

const TABLE = {
  // Every step's own name (the form shows it first for every type); not a spec 2.5 field, so an extra property.
  name: {
    label: 'Step name',
    kind: 'text',
    help: 'Your name for this step, shown on the canvas, in Problems, the launch review, the inbox and the history. Leave it empty to use the type.',
  },
  message_template: {
    label: 'Message',
    kind: 'template',
    help: 'Use {{fieldName}} placeholders filled from the prospect’s custom fields.',
    limit: { max: 3000, what: 'message' },
    placeholders: true,
    spec: true,
  },
  outputVariable: {
    label: 'Output variable',
    kind: 'text',
    help: 'The name the score is kept under, for conditions and placeholders in later steps.',
    spec: true,
  },
  subject: { label: 'Subject', kind: 'text', limit: { max: 200, what: 'InMail subject' }, placeholders: true, spec: true },
  post_url: { label: 'Post URL', kind: 'url', spec: true },
  keyword: { label: 'Keyword', kind: 'text', spec: true },
  reply_message: { label: 'Reply message', kind: 'longText', spec: true },
  customInstructions: { label: 'Instructions', kind: 'longText', spec: true },
  send_empty_request: { label: 'Send without a note', kind: 'boolean', spec: true },
  only_open_profiles: { label: 'Only open profiles (free InMail)', kind: 'boolean', spec: true },
  icpThreshold: { label: 'Threshold', kind: 'number', min: 0, max: 100, spec: true },
  thresholdOperator: {
    label: 'Operator',
    kind: 'select',
    options: THRESHOLD_OPERATORS,
    optionLabels: { '>=': '≥', '>': '>', '<=': '≤', '<': '<', '==': '=' },
    spec: true,
  },
  wait_for_response_days: {
    label: 'Wait for acceptance',
    kind: 'number',
    min: 0,
    exclusiveMin: true,
    unit: 'days',
    spec: true,
  },
  reply_wait_days: { label: 'Wait for a reply', kind: 'number', min: 0, exclusiveMin: true, unit: 'days', spec: true },
  credential_id: { label: 'Credential', kind: 'text', required: true, spec: true },
  campaign_id: { label: 'External campaign', kind: 'text', required: true, spec: true },
  field_mappings: { label: 'Field mappings', kind: 'keyValue', spec: true },
  custom_variables: { label: 'Custom variables', kind: 'keyValue', spec: true },
  delay_type: { label: 'Unit', kind: 'select', options: DELAY_TYPES, spec: true },
  delay_amount: { label: 'Amount', kind: 'number', min: 0, exclusiveMin: true, spec: true },
  url: { label: 'URL', kind: 'url' },
  method: { label: 'Method', kind: 'select', options: HTTP_METHODS },
  prompt: { label: 'Prompt', kind: 'longText' },
  query: { label: 'Search query', kind: 'template', placeholders: true },
  channel: { label: 'Channel', kind: 'text' },
  sheet: { label: 'Sheet', kind: 'text' },
  condition: { label: 'Condition', kind: 'text', help: 'A field and value to test, e.g. company contains Acme.' },
  // Contract 10.1: versions of the text a sending step replaces (catalog `variantTexts`), checked like that text.
  variants: {
    label: 'Variants',
    kind: 'variants',
    help: 'Each prospect gets one variant, always the same one, in equal shares; Results compare how each does.',
    min: 2,
    max: 5,
    maxLength: 60,
  },
  variantGroup: {
    label: 'Variant group',
    kind: 'text',
    help: 'Steps with the same group name give each prospect the same variant (A with A, B with B), to test a whole path.',
    maxLength: 40,
  },
} as const satisfies Record<string, Row>;

/** Field metadata for forms, keyed by data property name. */
export const FIELDS: Readonly<Record<string, FieldDefinition>> = Object.fromEntries(
  Object.entries(TABLE).map(([key, row]) => [key, { key, ...(row as Row) }]),
);

/** The fields of spec 2.5 (typed and bounded on every node). */
const SPEC_FIELDS: readonly FieldDefinition[] = Object.values(FIELDS).filter((f) => f.spec === true);

const isString = (v: unknown): v is string => typeof v === 'string';
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The zod type of one field (the source of truth; the fast checks below must never accept more). */
function zodOf(field: FieldDefinition): z.ZodType {
  switch (field.kind) {
    case 'boolean':
      return z.boolean();
    case 'number': {
      let n = z.number();
      if (field.min !== undefined) n = field.exclusiveMin ? n.gt(field.min) : n.min(field.min);
      if (field.max !== undefined) n = n.max(field.max);
      return n;
    }
    case 'select':
      return z.enum(field.options as [string, ...string[]]);
    case 'keyValue':
      return z.record(z.string(), z.unknown());
    default:
      return z.string();
  }
}

/** The same verdict as `zodOf(field)` where it says yes, without zod's cost (property-tested). */
function fastCheckOf(field: FieldDefinition): (value: unknown) => boolean {
  switch (field.kind) {
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number': {
      const { min, max, exclusiveMin } = field;
      return (v) => isFiniteNumber(v) && (min === undefined || (exclusiveMin ? v > min : v >= min)) && (max === undefined || v <= max);
    }
    case 'select': {
      const allowed: ReadonlySet<string> = new Set(field.options);
      return (v) => typeof v === 'string' && allowed.has(v);
    }
    case 'keyValue':
      return isPlainObject;
    default:
      return isString;
  }
}

/**
 * Spec 2.5: one `data` schema for every node type, extra properties allowed.
 * Contract 5: the bounds hold on every node, whatever its type.
 */
export const nodeDataSchema = z.looseObject(Object.fromEntries(SPEC_FIELDS.map((f) => [f.key, zodOf(f).optional()])));

/** One predicate per spec 2.5 field, for the validator's fast path (structure-fast.ts). */
export const FAST_DATA_CHECKS: Readonly<Record<string, (value: unknown) => boolean>> = Object.fromEntries(
  SPEC_FIELDS.map((f) => [f.key, fastCheckOf(f)]),
);

const list = (values: readonly string[]): string =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** What a field must hold, in users' words ("Threshold must be a number from 0 to 100"). */
export function fieldRequirement(field: FieldDefinition): string {
  switch (field.kind) {
    case 'boolean':
      return `${field.label} must be on or off`;
    case 'number': {
      const unit = field.unit ? ` of ${field.unit}` : '';
      if (field.min !== undefined && field.max !== undefined) return `${field.label} must be a number from ${field.min} to ${field.max}`;
      if (field.min !== undefined)
        return `${field.label} must be a number${unit} ${field.exclusiveMin ? 'greater than' : 'of at least'} ${field.min}`;
      return `${field.label} must be a number${unit}`;
    }
    case 'select':
      return `${field.label} must be one of ${list(field.options ?? [])}`;
    case 'keyValue':
      return `${field.label} must be a list of names with values`;
    case 'variants':
      return `${field.label} must be a list of ${field.min} to ${field.max} versions of the text`;
    default:
      return field.maxLength !== undefined
        ? `${field.label} must be text of at most ${field.maxLength} characters`
        : `${field.label} must be text`;
  }
}

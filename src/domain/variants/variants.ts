import { z } from 'zod';
import { FIELDS, nodeDefinition, type NodeData, type VariantTexts } from '../catalog';
import { variantLetter } from '../catalog/define';
import { isPlainObject } from '../catalog/fields';

/**
 * Contract 10.1 message variants: a sending step may hold 2–5 versions (A, B, C…) of its text — the
 * field its catalog entry's `variantTexts` names, plus the subject for InMail — and `variantGroup`
 * lets steps share a prospect's variant position. This is the one reading of them: what makes them
 * well formed (the validator reports each problem, the engine, review and simulator use only well
 * formed ones), and a step's data as one variant sends it.
 */

/** Contract 10.1: a variant's id, "a".."e"; shown as its capital letter. */
export const VARIANT_IDS = ['a', 'b', 'c', 'd', 'e'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

const VARIANTS_FIELD = FIELDS.variants!;
/** How many variants a step holds when it has any (the field table's bounds). */
export const MIN_VARIANTS = VARIANTS_FIELD.min!;
export const MAX_VARIANTS = VARIANTS_FIELD.max!;
/** The longest variant label and group name (the field table's bounds). */
export const VARIANT_LABEL_MAX = VARIANTS_FIELD.maxLength!;
export const VARIANT_GROUP_MAX = FIELDS.variantGroup!.maxLength!;

export interface Variant {
  readonly variantId: VariantId;
  readonly label: string;
  /** Replaces the step's text (catalog `variantTexts.text`). */
  readonly text: string;
  /** InMail only: replaces the step's subject; absent, the step's own subject is sent. */
  readonly subject?: string;
}

/** One variant, as the contract publishes it (list-node-types, tool schemas). */
export const variantSchema = z.strictObject({
  variantId: z.enum(VARIANT_IDS).describe('"a" to "e", unique in the step; the first variant is the control.'),
  label: z.string().min(1).max(VARIANT_LABEL_MAX).describe(`Your name for this variant, 1–${VARIANT_LABEL_MAX} characters.`),
  text: z.string().min(1).describe('Replaces the step’s text (message, note or AI instructions), with the same placeholders and limits.'),
  subject: z.string().optional().describe('InMail only: replaces the subject.'),
});
export const variantsSchema = z
  .array(variantSchema)
  .min(MIN_VARIANTS)
  .max(MAX_VARIANTS)
  .describe(`${MIN_VARIANTS}–${MAX_VARIANTS} versions of the step's text; each prospect gets one, always the same, in equal shares.`);
export const variantGroupSchema = z
  .string()
  .max(VARIANT_GROUP_MAX)
  .describe(
    'Steps with the same group give a prospect the same variant position (first with first); their variant counts must match. Empty: no group.',
  );

export { variantLetter };

/** The texts a type's variants replace, or undefined when the type holds none. */
export const variantTextsOf = (type: unknown): VariantTexts | undefined => nodeDefinition(type)?.variantTexts;

/** One thing wrong with a step's variants: where (inside `data`) and what, in users' words, without the step's name. */
export interface VariantProblem {
  /** The data path, e.g. `variants.1.text`. */
  readonly path: string;
  readonly message: string;
}

const isVariantId = (value: unknown): value is VariantId => typeof value === 'string' && (VARIANT_IDS as readonly string[]).includes(value);
const VARIANT_KEYS: ReadonlySet<string> = new Set(['variantId', 'label', 'text', 'subject']);
const characters = (text: string): number => [...text].length;

/** "Variant B", or "Variant 3" while it has no letter. */
const nameOf = (item: unknown, index: number): string =>
  `Variant ${isPlainObject(item) && isVariantId(item.variantId) ? variantLetter(item.variantId) : index + 1}`;

function itemProblems(item: unknown, index: number, texts: VariantTexts, seen: Set<string>): VariantProblem[] {
  const at = `variants.${index}`;
  const name = nameOf(item, index);
  if (!isPlainObject(item)) return [{ path: at, message: `${name} must have a letter, a label and a text` }];
  const problems: VariantProblem[] = [];
  if (!isVariantId(item.variantId)) {
    problems.push({ path: `${at}.variantId`, message: `${name} needs a letter from A to E` });
  } else if (seen.has(item.variantId)) {
    problems.push({ path: `${at}.variantId`, message: `Two variants are ${variantLetter(item.variantId)}: each needs its own letter` });
  } else seen.add(item.variantId);
  const { label, text, subject } = item;
  if (typeof label !== 'string' || label.trim() === '' || characters(label) > VARIANT_LABEL_MAX)
    problems.push({ path: `${at}.label`, message: `${name} needs a label of 1 to ${VARIANT_LABEL_MAX} characters` });
  if (typeof text !== 'string' || text.trim() === '')
    problems.push({ path: `${at}.text`, message: `${name} has no ${(FIELDS[texts.text]?.label ?? 'text').toLowerCase()}: write one` });
  if (subject !== undefined && (texts.subject === undefined || typeof subject !== 'string'))
    problems.push({
      path: `${at}.subject`,
      message:
        texts.subject === undefined ? `${name} has a subject, which this step never sends: remove it` : `${name}'s subject must be text`,
    });
  for (const key of Object.keys(item))
    if (!VARIANT_KEYS.has(key))
      problems.push({
        path: `${at}.${key}`,
        message: `${name} has “${key}”, which a variant does not hold: it has a letter, a label, a text and (InMail) a subject`,
      });
  return problems;
}

/**
 * Contract 10.1 `invalid_variants`: what is wrong with a step's `variants` (count, ids, labels, empty
 * text, fields a variant does not hold, a note that is never sent); empty when none or well formed.
 */
export function variantProblems(type: unknown, data: NodeData): VariantProblem[] {
  const variants = data.variants;
  if (variants === undefined || variants === null) return [];
  const texts = variantTextsOf(type);
  if (!texts) return [{ path: 'variants', message: 'This step sends no text that variants could replace: remove its variants' }];
  const range = `${MIN_VARIANTS} to ${MAX_VARIANTS}`;
  if (!Array.isArray(variants)) return [{ path: 'variants', message: `Variants must be a list of ${range} versions of the text` }];
  const problems: VariantProblem[] = [];
  if (variants.length < MIN_VARIANTS || variants.length > MAX_VARIANTS)
    problems.push({
      path: 'variants',
      message: `A test needs ${range} variants, not ${variants.length}${variants.length < MIN_VARIANTS ? ': add one, or remove the variants' : ''}`,
    });
  const seen = new Set<string>();
  variants.forEach((item, index) => problems.push(...itemProblems(item, index, texts, seen)));
  if (data.send_empty_request === true && nodeDefinition(type)?.fields.includes('send_empty_request'))
    problems.push({
      path: 'variants',
      message: 'It is sent without a note, so no variant would ever be sent: turn off “Send without a note” or remove the variants',
    });
  return problems;
}

/**
 * A step's variants when it has well-formed ones (what is sent, reviewed and simulated); undefined
 * when it has none, or when they break a rule (the validator says which; such a graph is never launched).
 */
export function stepVariants(node: { type?: unknown; data: NodeData }): readonly Variant[] | undefined {
  const { variants } = node.data;
  if (!Array.isArray(variants) || variantProblems(node.type, node.data).length > 0) return undefined;
  return variants as Variant[];
}

/** A step's variant group (trimmed), or undefined when it has none. */
export function variantGroupOf(data: NodeData): string | undefined {
  const group = data.variantGroup;
  return typeof group === 'string' && group.trim() !== '' ? group.trim() : undefined;
}

/** Contract 10.1: the key a step's assignment and chosen winner go by — its variantGroup, else its node id. */
export const variantGroupKey = (step: { id: string; data: NodeData }): string => variantGroupOf(step.data) ?? step.id;

/**
 * The step's data as `variant` sends it: the variant's text (and subject) in the fields they replace,
 * the variants themselves left out — so everything that reads a step's text reads this variant's.
 */
export function withVariant(type: unknown, data: NodeData, variant: Variant): NodeData {
  const texts = variantTextsOf(type);
  const { variants: _all, ...rest } = data;
  if (!texts) return rest;
  return {
    ...rest,
    [texts.text]: variant.text,
    ...(texts.subject && variant.subject !== undefined ? { [texts.subject]: variant.subject } : {}),
  };
}

/** One version of what a step sends: its own data, or its data as one variant sends it. */
export interface SentVersion {
  readonly variant?: Variant;
  readonly data: NodeData;
}

/** What a step may send: its data as each of its well-formed variants sends it, or its own data alone. */
export function sentVersions(node: { type?: unknown; data: NodeData }): SentVersion[] {
  const variants = stepVariants(node);
  return variants ? variants.map((variant) => ({ variant, data: withVariant(node.type, node.data, variant) })) : [{ data: node.data }];
}

/** "A/B", "A/B/C": the variants' letters, as the canvas card shows them. */
export const variantLetters = (variants: readonly Pick<Variant, 'variantId'>[]): string =>
  variants.map((v) => variantLetter(v.variantId)).join('/');

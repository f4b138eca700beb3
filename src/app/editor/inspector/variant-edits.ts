import { MAX_VARIANTS, VARIANT_IDS, variantLetter, type NodeData, type Variant, type VariantTexts } from '../../../domain';

/**
 * Contract 10.1 in the step's form, as data changes (each one undo step): the first "Add a variant"
 * turns the one text into variants A and B (both starting from it), later ones add the next letter
 * (from the first's text), removing down to one variant turns it back into the step's one text.
 * The validator judges the result; nothing here checks.
 */

type Item = Partial<Variant> & Record<string, unknown>;

/** The step's variants as stored (possibly malformed: the form still shows and edits them). */
export const variantItems = (data: NodeData): Item[] =>
  Array.isArray(data.variants) ? data.variants.map((v) => (typeof v === 'object' && v !== null ? (v as Item) : {})) : [];

const defaultLabel = (variantId: string): string => `Variant ${variantLetter(variantId)}`;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The data change that adds a variant; null when the step already has the most it may hold. */
export function addVariant(data: NodeData, texts: VariantTexts): Record<string, unknown> | null {
  const items = variantItems(data);
  if (items.length === 0) {
    const text = textOf(data[texts.text]);
    return {
      variants: ['a', 'b'].map((variantId) => ({ variantId, label: defaultLabel(variantId), text })),
    };
  }
  if (items.length >= MAX_VARIANTS) return null;
  const taken = new Set(items.map((v) => v.variantId));
  const variantId = VARIANT_IDS.find((id) => !taken.has(id));
  if (!variantId) return null;
  return { variants: [...items, { variantId, label: defaultLabel(variantId), text: textOf(items[0]?.text) }] };
}

/** The data change that removes the variant at `index`: with one left, its text (and subject) become the step's again. */
export function removeVariant(data: NodeData, texts: VariantTexts, index: number): Record<string, unknown> {
  const rest = variantItems(data).filter((_, i) => i !== index);
  if (rest.length >= 2) return { variants: rest };
  const last = rest[0];
  return {
    variants: undefined,
    ...(last ? { [texts.text]: textOf(last.text) } : {}),
    ...(last && texts.subject && typeof last.subject === 'string' ? { [texts.subject]: last.subject } : {}),
  };
}

/** The data change that sets one part of the variant at `index`; an empty subject is removed (the step's subject is sent). */
export function editVariant(data: NodeData, index: number, key: 'label' | 'text' | 'subject', value: unknown): Record<string, unknown> {
  const items = variantItems(data).map((item, i) => {
    if (i !== index) return item;
    if (key === 'subject' && (value === '' || value === undefined)) {
      const { subject: _removed, ...rest } = item;
      return rest;
    }
    return { ...item, [key]: value };
  });
  return { variants: items };
}

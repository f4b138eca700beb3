import { placeholderValues, type PlaceholderSource } from '../template';

/**
 * The prospect as a run reads it (contract 9.1): the record's top-level fields and custom fields.
 * A field is looked up in `customFields` first, then among the top-level fields of the same name —
 * the order placeholders are filled in (template.ts `placeholderValues`).
 */
export type FieldValue = string | number | boolean | null;

export type RunProspect = PlaceholderSource;

export function prospectField(prospect: RunProspect, name: string): FieldValue | undefined {
  const custom = prospect.customFields ?? {};
  if (Object.hasOwn(custom, name)) return custom[name];
  return placeholderValues({ ...prospect, customFields: {} })[name];
}

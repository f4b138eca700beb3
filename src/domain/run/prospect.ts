/**
 * The prospect as a run sees it (contract 9.1): top-level fields and custom fields. A field is
 * looked up in `customFields` first, then among the top-level fields of the same name — the order
 * placeholders are filled in.
 */
export type FieldValue = string | number | boolean | null;

export interface RunProspect {
  readonly fields: Readonly<Record<string, FieldValue | undefined>>;
  readonly customFields: Readonly<Record<string, FieldValue | undefined>>;
  /** IANA zone name, or null when unknown. */
  readonly timeZone: string | null;
}

export function prospectField(prospect: RunProspect, name: string): FieldValue | undefined {
  if (Object.hasOwn(prospect.customFields, name)) return prospect.customFields[name];
  return Object.hasOwn(prospect.fields, name) ? prospect.fields[name] : undefined;
}

/** The values placeholders are filled from, as text (absent and null fields are left out). */
export function placeholderValues(prospect: RunProspect): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [prospect.fields, prospect.customFields]) {
    for (const [key, value] of Object.entries(source)) if (value !== null && value !== undefined) out[key] = String(value);
  }
  return out;
}

import { placeholderValues, renderTemplate } from '../../../domain';
import { walkPath } from '../../../domain/paths/walk';
import type { ProspectImportRow } from './columns';

/** The first text a campaign sends a prospect, and the step that sends it. */
export interface FirstMessage {
  stepLabel: string;
  template: string;
}

/** The first message on the campaign's main path (first outputs taken: accepted, replied…), or null when it sends none. */
export function firstMessage(definition: unknown): FirstMessage | null {
  const step = walkPath(definition, { customFields: {} }).steps.find((s) => s.message && s.message.template.trim() !== '');
  return step?.message ? { stepLabel: step.label, template: step.message.template } : null;
}

export interface Segment {
  text: string;
  /** A placeholder this prospect has no value for (shown highlighted). */
  missing?: string;
}

/** The message for one import row, through the domain's one renderer, cut where placeholders stayed unfilled. */
export function renderForRow(template: string, row: ProspectImportRow): { segments: Segment[]; missing: string[] } {
  const { text, missing } = renderTemplate(template, placeholderValues(row));
  if (missing.length === 0) return { segments: [{ text }], missing };
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g)) {
    const name = match[1]!;
    if (!missing.includes(name)) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ text: match[0], missing: name });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return { segments, missing };
}

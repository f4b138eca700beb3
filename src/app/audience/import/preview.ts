import { placeholderValues } from '../../../domain';
import { renderSegments } from '../../../domain/template';
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

/** The message for one import row, through the domain's one renderer, cut where placeholders stayed unfilled. */
export const renderForRow = (template: string, row: ProspectImportRow) => renderSegments(template, placeholderValues(row));

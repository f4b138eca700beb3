import { useMemo } from 'react';
import { BLANK_START, blankCanvas, CAMPAIGN_TEMPLATES, findTemplate, settingKey, type TemplateValues } from '../../../domain/paths';
import type { WorkflowDefinition } from '../../../domain';
import { GraphThumbnail } from './GraphThumbnail';
import './gallery.css';

/**
 * The template gallery of the create-campaign dialog: a blank start, then one radio per template
 * with a thumbnail of its graph (each valid by construction), plus inputs for what a template cannot
 * know (an email tool's credential and campaign). Controlled by one value: <TemplateChooser value onChange>.
 */

/** The gallery's first card: no template, a canvas with only the Start step. */
const BLANK_CARD = {
  id: BLANK_START,
  name: 'Blank',
  description: 'Only the Start step: add every step yourself.',
};

export interface TemplateChoice {
  templateId: string;
  /** Answers to the chosen template's settings, by settingKey. */
  values: TemplateValues;
}

export const DEFAULT_TEMPLATE_CHOICE: TemplateChoice = { templateId: CAMPAIGN_TEMPLATES[0]!.id, values: {} };

/** The graph a template choice creates; undefined for the blank start (the editor opens it blank). */
export const buildTemplateChoice = (choice: TemplateChoice): WorkflowDefinition | undefined =>
  choice.templateId === BLANK_START ? undefined : (findTemplate(choice.templateId) ?? CAMPAIGN_TEMPLATES[0]!).build(choice.values);

export function TemplateChooser({ value, onChange }: { value: TemplateChoice; onChange(next: TemplateChoice): void }) {
  const previews = useMemo(
    () => [
      { template: BLANK_CARD, definition: blankCanvas() },
      ...CAMPAIGN_TEMPLATES.map((t) => ({ template: t as Pick<typeof t, 'id' | 'name' | 'description'>, definition: t.build() })),
    ],
    [],
  );
  const template =
    value.templateId === BLANK_START ? { ...BLANK_CARD, settings: [] } : (findTemplate(value.templateId) ?? CAMPAIGN_TEMPLATES[0]!);
  return (
    <>
      <fieldset className="field gallery">
        <legend>Start blank or from a template</legend>
        <div className="gallery-grid">
          {previews.map(({ template: t, definition }) => (
            <label key={t.id} className={`gallery-card${t.id === template.id ? ' is-selected' : ''}`} data-testid={`template-${t.id}`}>
              <input
                type="radio"
                className="gallery-radio"
                name="campaign-template"
                value={t.id}
                checked={t.id === template.id}
                onChange={() => onChange({ templateId: t.id, values: value.values })}
              />
              <GraphThumbnail definition={definition} label={`Preview of ${t.name}`} />
              <span className="gallery-name">{t.name}</span>
              <span className="gallery-desc">{t.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {template.settings.length > 0 && (
        <fieldset className="field gallery-settings">
          <legend>Your email tool</legend>
          <p className="field-help">Leave these empty to start with sample values: the launch review will ask you to replace them.</p>
          {template.settings.map((s) => {
            const key = settingKey(s);
            return (
              <div key={key} className="field">
                <label htmlFor={`template-${key}`}>{s.label}</label>
                <input
                  id={`template-${key}`}
                  className="input"
                  value={value.values[key] ?? ''}
                  placeholder={s.sampleValue}
                  aria-describedby={`template-${key}-help`}
                  onChange={(e) => onChange({ ...value, values: { ...value.values, [key]: e.target.value } })}
                />
                <span id={`template-${key}-help`} className="field-help">
                  {s.help}
                </span>
              </div>
            );
          })}
        </fieldset>
      )}
    </>
  );
}

import { useMemo } from 'react';
import { CAMPAIGN_TEMPLATES, findTemplate, settingKey, type TemplateValues } from '../../../domain/paths';
import type { WorkflowDefinition } from '../../../domain';
import { GraphThumbnail } from './GraphThumbnail';
import './gallery.css';

/**
 * The template gallery of the create-campaign dialog: one radio per template with a thumbnail of
 * its graph (each valid by construction), plus inputs for what a template cannot know (an email
 * tool's credential and campaign). Controlled by one value: <TemplateChooser value onChange>.
 */

export interface TemplateChoice {
  templateId: string;
  /** Answers to the chosen template's settings, by settingKey. */
  values: TemplateValues;
}

export const DEFAULT_TEMPLATE_CHOICE: TemplateChoice = { templateId: CAMPAIGN_TEMPLATES[0]!.id, values: {} };

/** The graph a choice creates. */
export const buildTemplateChoice = (choice: TemplateChoice): WorkflowDefinition =>
  (findTemplate(choice.templateId) ?? CAMPAIGN_TEMPLATES[0]!).build(choice.values);

export function TemplateChooser({ value, onChange }: { value: TemplateChoice; onChange(next: TemplateChoice): void }) {
  const previews = useMemo(() => CAMPAIGN_TEMPLATES.map((t) => ({ template: t, definition: t.build() })), []);
  const template = findTemplate(value.templateId) ?? CAMPAIGN_TEMPLATES[0]!;
  return (
    <>
      <fieldset className="field gallery">
        <legend>Start from a template</legend>
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

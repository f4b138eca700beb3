import type { ComponentType } from 'react';
import { FIELDS, MAX_VARIANTS, variantLetter, variantTextsOf, type FieldDefinition, type Violation } from '../../../domain';
import { editorStore } from '../store';
import { sealTyping, type FieldProps } from './field-context';
import { FieldShell, violationMessages } from './FieldShell';
import { TextField } from './fields';
import { TemplateField } from './TemplateField';
import { addVariant, editVariant, removeVariant, variantItems } from './variant-edits';

/**
 * Contract 10.1 in the step's form: "Add a variant", then each variant with its label and its own
 * editor for the text it replaces — the same component as the step's one text, so the same
 * placeholders, preview, length counter and live checks — and a way to remove it. Every message
 * under a variant is the validator's (paths `…data.variants.N.text`), as for any field.
 */

const LABEL: FieldDefinition = {
  key: 'label',
  label: 'Label',
  kind: 'text',
  help: 'Your name for this variant, shown on the canvas and in Results.',
};
const SUBJECT: FieldDefinition = { ...FIELDS.subject!, label: 'Subject', help: 'Leave it empty to send the step’s subject.' };
const LONG_TEXT = (p: FieldProps) => <TextField {...p} multiline />;

const dataOf = (nodeId: string) => editorStore.getState().nodes.find((n) => n.id === nodeId)?.data ?? {};

/** The violations of one part of one variant (`variants.2.text`), and those of the list itself. */
function sortViolations(violations: readonly Violation[]): { list: Violation[]; of(index: number, key: string): Violation[] } {
  const at = (v: Violation) => /\.variants\.(\d+)\.(\w+)/.exec(v.path ?? '');
  return {
    list: violations.filter((v) => !at(v) || !['label', 'text', 'subject'].includes(at(v)![2]!)),
    of: (index, key) =>
      violations.filter((v) => {
        const m = at(v);
        return m !== null && Number(m[1]) === index && m[2] === key;
      }),
  };
}

export function VariantsField(p: FieldProps) {
  const texts = variantTextsOf(p.nodeType);
  if (!texts) return null;
  const items = variantItems({ variants: p.value });
  const { list, of } = sortViolations(p.violations);
  const textField = FIELDS[texts.text]!;
  const TextInput: ComponentType<FieldProps> = textField.kind === 'template' ? TemplateField : LONG_TEXT;
  const change = (patch: Record<string, unknown> | null, label: string, coalesceKey?: string) => {
    if (!patch) return;
    editorStore.getState().updateNodeData(p.nodeId, patch, { label, ...(coalesceKey ? { coalesceKey } : {}) });
  };
  const add = () => {
    sealTyping();
    change(addVariant(dataOf(p.nodeId), texts), `Add a variant to ${p.nodeLabel}`);
  };
  const addButton =
    items.length < MAX_VARIANTS ? (
      <button type="button" className="btn btn-sm insp-variant-add" disabled={p.disabled} onClick={add}>
        Add a variant
      </button>
    ) : null;

  if (items.length === 0) {
    return (
      <FieldShell inputId={p.inputId} label="Variants" help={p.field.help} messages={violationMessages(list)}>
        <p className="field-help" id={p.inputId}>
          Test other versions of this {textField.label.toLowerCase()} against each other.
        </p>
        {addButton}
      </FieldShell>
    );
  }

  return (
    <fieldset className="insp-variants" data-testid="variants">
      <legend>Variants {items.map((v, i) => (typeof v.variantId === 'string' ? variantLetter(v.variantId) : i + 1)).join('/')}</legend>
      {violationMessages(list).map((m, i) => (
        <p key={i} className={m.tone === 'error' ? 'field-error' : 'field-warning'}>
          {m.text}
        </p>
      ))}
      {items.map((item, index) => {
        const name = `Variant ${typeof item.variantId === 'string' ? variantLetter(item.variantId) : index + 1}`;
        const key = typeof item.variantId === 'string' ? item.variantId : String(index);
        const part = (part: 'label' | 'text' | 'subject', field: FieldDefinition): FieldProps => ({
          ...p,
          field,
          value: item[part],
          violations: of(index, part),
          inputId: `${p.inputId}-${index}-${part}`,
          variant: index,
          write: (value) =>
            change(
              editVariant(dataOf(p.nodeId), index, part, value),
              `Edit ${p.nodeLabel} · ${name}`,
              `${p.nodeId}:variants.${key}.${part}`,
            ),
          clear: () => change(editVariant(dataOf(p.nodeId), index, part, undefined), `Edit ${p.nodeLabel} · ${name}`),
        });
        return (
          <section key={key} className="insp-variant" aria-label={name} data-testid={`variant-${key}`}>
            <div className="insp-variant-head">
              <strong>{name}</strong>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={p.disabled}
                onClick={() => {
                  sealTyping();
                  change(removeVariant(dataOf(p.nodeId), texts, index), `Remove ${name} from ${p.nodeLabel}`);
                }}
              >
                Remove {name.replace('Variant', 'variant')}
              </button>
            </div>
            <TextField {...part('label', LABEL)} />
            {texts.subject && <TextField {...part('subject', SUBJECT)} />}
            <TextInput {...part('text', textField)} />
          </section>
        );
      })}
      {addButton}
      {p.field.help && <span className="field-help">{p.field.help}</span>}
    </fieldset>
  );
}

import { memo, type ComponentType } from 'react';
import {
  customStepName,
  FIELDS,
  nodeDefinition,
  variantTextsOf,
  type FieldDefinition,
  type FieldKind,
  type Violation,
} from '../../../domain';
import { NodeIcon, categoryColor } from '../nodes/presentation';
import { editorStore, useEditorStore, useNodeViolations } from '../store';
import type { FieldProps } from './field-context';
import { BooleanField, NumberField, SelectField, TextField } from './fields';
import { KeyValueField } from './KeyValueField';
import { TemplateField } from './TemplateField';
import { VariantsField } from './VariantsField';

const LongTextField = (p: FieldProps) => <TextField {...p} multiline />;

/** One input component per field kind (catalog FIELDS metadata). */
const INPUTS: Record<FieldKind, ComponentType<FieldProps>> = {
  text: TextField,
  url: TextField,
  longText: LongTextField,
  template: TemplateField,
  boolean: BooleanField,
  number: NumberField,
  select: SelectField,
  keyValue: KeyValueField,
  variants: VariantsField,
};

const STEP_NAME = 'name';
const fieldOf = (key: string): FieldDefinition => FIELDS[key] ?? { key, label: key, kind: 'text' };

/** The selected step's form, generated from its catalog entry; unknown data properties are left untouched. */
export const Inspector = memo(function Inspector({ nodeId }: { nodeId: string }) {
  const type = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.type);
  const data = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data);
  const index = useEditorStore((s) => s.nodes.findIndex((n) => n.id === nodeId));
  const extraCount = useEditorStore((s) => Object.keys(s.nodeExtras[nodeId]?.props ?? {}).length);
  const readOnly = useEditorStore((s) => s.readOnly);
  const violations = useNodeViolations(nodeId);
  if (!data) return null;
  const def = nodeDefinition(type);
  const prefix = `nodes.${index}.data.`;
  const byField = new Map<string, Violation[]>();
  const general: Violation[] = [];
  for (const v of violations) {
    const key = v.path?.startsWith(prefix) ? v.path.slice(prefix.length).split('.')[0]! : null;
    if (key && (key === STEP_NAME || def?.fields.includes(key))) (byField.get(key) ?? byField.set(key, []).get(key)!).push(v);
    else general.push(v);
  }
  // The step's own name comes first in every step's form (the field table's `name`).
  const formFields = [STEP_NAME, ...(def?.fields ?? [])];
  // Contract 10.1: variants replace the one text (it is not sent, so not shown); their group matters only with them.
  const texts = variantTextsOf(type);
  const hasVariants = Array.isArray(data.variants) && data.variants.length > 0;
  const hidden = new Set<string>(
    texts ? [...(hasVariants ? [texts.text] : []), ...(hasVariants || data.variantGroup !== undefined ? [] : ['variantGroup'])] : [],
  );
  const others = Object.keys(data).filter((k) => !formFields.includes(k));
  const label = def?.label ?? 'Unknown step';
  return (
    <section className="inspector" aria-labelledby="inspector-title" style={{ '--node-cat': categoryColor(type) } as React.CSSProperties}>
      <header className="inspector-head">
        <span className="wf-node-icon">
          <NodeIcon type={type} size={18} />
        </span>
        <h2 id="inspector-title">{customStepName(data) ?? label}</h2>
      </header>
      {def && <p className="muted inspector-desc">{def.description}</p>}
      {general.length > 0 && (
        <ul className="inspector-problems" aria-label="Problems with this step">
          {general.map((v, i) => (
            <li key={i} className={`problem-line problem-${v.severity}`}>
              {v.message}
            </li>
          ))}
        </ul>
      )}
      <fieldset className="inspector-form" disabled={readOnly}>
        <legend className="visually-hidden">Settings of {label}</legend>
        {formFields.map((key) => {
          if (hidden.has(key)) return null;
          const field = fieldOf(key);
          const Input = INPUTS[field.kind] ?? TextField;
          return (
            <Input
              key={`${nodeId}:${key}`}
              nodeId={nodeId}
              nodeType={type ?? ''}
              nodeLabel={label}
              field={field}
              value={data[key]}
              violations={byField.get(key) ?? []}
              disabled={readOnly}
              inputId={`field-${key}`}
            />
          );
        })}
        {def?.fields.length === 0 && <p className="muted">This step has nothing else to set up.</p>}
      </fieldset>
      {(others.length > 0 || extraCount > 0) && (
        <p className="field-help inspector-kept">
          Kept as they are:{' '}
          {[...others.map((k) => `“${k}”`), ...(extraCount ? [`${extraCount} other propert${extraCount === 1 ? 'y' : 'ies'}`] : [])].join(
            ', ',
          )}
          .
        </p>
      )}
      {!readOnly && (
        <div className="inspector-actions">
          <button type="button" className="btn btn-sm" onClick={() => editorStore.getState().duplicate()}>
            Duplicate
          </button>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => editorStore.getState().deleteSelection()}>
            Delete step
          </button>
        </div>
      )}
      {/* The step's reference is for integrations (API, MCP tools, exported files), not for the marketer: folded away. */}
      <details className="inspector-tech">
        <summary>Technical details</summary>
        <p className="field-help">
          Integrations (the API, AI assistants, exported files) refer to this step as <code>{nodeId}</code>.
        </p>
      </details>
    </section>
  );
});

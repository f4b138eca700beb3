import { useMemo, useRef, useState } from 'react';
import { renderTemplate } from '../../../domain';
import { COMMON_PLACEHOLDERS, useEditorStore, useSampleProspect } from '../store';
import { Counter, useTextLimit } from './fields';
import { sealTyping, writeField, type FieldProps } from './field-context';
import { FieldShell, hasError, violationMessages, type FieldMessage } from './FieldShell';
import { rememberMessageCursor } from './message-cursor';

function SampleEditor() {
  const fields = useSampleProspect((s) => s.fields);
  const setField = useSampleProspect((s) => s.setField);
  const [name, setName] = useState('');
  return (
    <details className="insp-sample">
      <summary>Sample prospect</summary>
      {Object.entries(fields).map(([key, value]) => (
        <label key={key} className="insp-sample-row">
          <span className="mono">{key}</span>
          <input className="input input-sm" value={value} onChange={(e) => setField(key, e.target.value)} />
          <button type="button" className="icon-btn" aria-label={`Remove sample field ${key}`} onClick={() => setField(key, null)}>
            ×
          </button>
        </label>
      ))}
      <form
        className="insp-sample-add"
        onSubmit={(e) => (e.preventDefault(), /^[A-Za-z_]\w*$/.test(name) && (setField(name, ''), setName('')))}
      >
        <label className="visually-hidden" htmlFor="sample-new-field">
          New sample field name
        </label>
        <input
          id="sample-new-field"
          className="input input-sm"
          placeholder="fieldName"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn btn-sm">
          Add field
        </button>
      </form>
    </details>
  );
}

/**
 * A message template: placeholder chips inserted at the cursor, a live preview with the sample
 * prospect, a note for placeholders the sample lacks (a preview fact), and a counter of the
 * provider's limit. Every problem under the field (template_invalid, provider_limit) is the validator's.
 */
export function TemplateField(p: FieldProps) {
  const text = typeof p.value === 'string' ? p.value : '';
  const ref = useRef<HTMLTextAreaElement>(null);
  const sample = useSampleProspect((s) => s.fields);
  const preview = useMemo(() => renderTemplate(text, sample), [text, sample]);
  const max = useTextLimit(p.nodeType, p.field.key);
  const noteOff = useEditorStore((s) => s.nodes.find((n) => n.id === p.nodeId)?.data.send_empty_request === true);

  const messages: FieldMessage[] = violationMessages(p.violations);
  if (preview.missing.length)
    messages.push({
      tone: 'warning',
      text: `The sample prospect has no ${preview.missing.map((m) => `{{${m}}}`).join(', ')}: real prospects without it get the placeholder text.`,
    });

  const chips = [...new Set([...COMMON_PLACEHOLDERS, ...Object.keys(sample)])];
  const insert = (name: string) => {
    const el = ref.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    sealTyping();
    writeField(p, text.slice(0, start) + token + text.slice(end));
    sealTyping();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <FieldShell
      inputId={p.inputId}
      label={p.field.label}
      help={p.field.help}
      messages={messages}
      trailing={<Counter length={text.length} max={max} />}
      after={
        <>
          <div className="insp-preview" id={`${p.inputId}-preview`}>
            <span className="insp-preview-title">Preview</span>
            <p>{preview.text || <span className="muted">Nothing to preview yet.</span>}</p>
          </div>
          <SampleEditor />
        </>
      }
    >
      {noteOff && <p className="field-help">Not sent while “Send without a note” is on.</p>}
      <div className="insp-chips" role="group" aria-label="Insert a placeholder">
        {chips.map((c) => (
          <button key={c} type="button" className="chip" disabled={p.disabled} onClick={() => insert(c)}>{`{{${c}}}`}</button>
        ))}
      </div>
      <textarea
        ref={ref}
        id={p.inputId}
        className="input insp-template"
        rows={6}
        value={text}
        disabled={p.disabled}
        aria-invalid={hasError(messages) || undefined}
        aria-describedby={`${p.inputId}-messages ${p.inputId}-preview`}
        onBlur={sealTyping}
        // The message field's cursor is where "Use in message" (inspiration) inserts a post.
        onSelect={(e) => p.field.key === 'message_template' && rememberMessageCursor(p.nodeId, e.currentTarget, p.variant ?? null)}
        onChange={(e) => writeField(p, e.target.value)}
      />
    </FieldShell>
  );
}

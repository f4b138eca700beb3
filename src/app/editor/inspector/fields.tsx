import { useEffect, useState } from 'react';
import { textLimitFor } from '../../../domain';
import { useEditorStore } from '../store';
import { clearField, sealTyping, writeField, type FieldProps } from './field-context';
import { FieldShell, hasError, violationMessages, type FieldMessage } from './FieldShell';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

/** The provider limit of this step's text for the campaign's senders (the validator's own number), for the counter. */
export function useTextLimit(nodeType: string, key: string): number | undefined {
  return useEditorStore((s) => textLimitFor(nodeType, key, s.context));
}

/** `12/300`: a counter beside the label; the warning itself is the validator's provider_limit. */
export function Counter({ length, max }: { length: number; max: number | undefined }) {
  if (max === undefined) return null;
  return (
    <span className={`insp-counter${length > max ? ' over' : ''}`} aria-label={`${length} of ${max} characters`}>
      {length}/{max}
    </span>
  );
}

/** Text, long text and URL fields: every message under the field is the validator's. */
export function TextField(p: FieldProps & { multiline?: boolean }) {
  const text = str(p.value);
  const messages = violationMessages(p.violations);
  const max = useTextLimit(p.nodeType, p.field.key);
  const common = {
    id: p.inputId,
    className: 'input',
    value: text,
    disabled: p.disabled,
    'aria-invalid': hasError(messages) || undefined,
    'aria-describedby': `${p.inputId}-messages`,
    onBlur: sealTyping,
  };
  return (
    <FieldShell
      inputId={p.inputId}
      label={p.field.label}
      help={p.field.help}
      required={p.field.required}
      messages={messages}
      trailing={<Counter length={text.length} max={max} />}
    >
      {p.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => writeField(p, e.target.value)} />
      ) : (
        <input {...common} type={p.field.kind === 'url' ? 'url' : 'text'} onChange={(e) => writeField(p, e.target.value)} />
      )}
    </FieldShell>
  );
}

export function BooleanField(p: FieldProps) {
  return (
    <div className="field insp-field insp-check">
      <label>
        <input
          type="checkbox"
          id={p.inputId}
          checked={p.value === true}
          disabled={p.disabled}
          onChange={(e) => writeField(p, e.target.checked)}
        />
        <span>{p.field.label}</span>
      </label>
      {violationMessages(p.violations).map((m, i) => (
        <p key={i} className={m.tone === 'error' ? 'field-error' : 'field-warning'}>
          {m.text}
        </p>
      ))}
      {p.field.help && <span className="field-help">{p.field.help}</span>}
    </div>
  );
}

/**
 * Numbers keep the typed text locally (so "1." or "" can be typed) and write only numbers; an empty
 * box removes the field. Out-of-range values are written, so the validator's violation (and the
 * blocked save) speaks; only text that is no number at all (never written) is flagged here.
 */
export function NumberField(p: FieldProps) {
  const stored = typeof p.value === 'number' ? p.value : undefined;
  const [text, setText] = useState(stored === undefined ? str(p.value) : String(stored));
  useEffect(() => {
    // Undo/redo or another edit changed the stored number: show it unless the typed text already means it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText((t) => (Number(t) === stored && t.trim() !== '' ? t : stored === undefined ? str(p.value) : String(stored)));
  }, [stored, p.value]);
  const parsed = text.trim() === '' ? undefined : Number(text);
  const local: FieldMessage[] = [];
  if (parsed !== undefined && !Number.isFinite(parsed)) local.push({ tone: 'error', text: 'Enter a number' });
  const messages = [...violationMessages(p.violations), ...local];
  return (
    <FieldShell inputId={p.inputId} label={p.field.label} help={p.field.help} unit={p.field.unit} messages={messages}>
      <input
        id={p.inputId}
        className="input"
        type="number"
        inputMode="decimal"
        value={text}
        min={p.field.min}
        max={p.field.max}
        step="any"
        disabled={p.disabled}
        aria-invalid={hasError(messages) || undefined}
        aria-describedby={`${p.inputId}-messages`}
        onBlur={sealTyping}
        onChange={(e) => {
          setText(e.target.value);
          const raw = e.target.value.trim();
          if (raw === '') return clearField(p);
          const n = Number(raw);
          if (Number.isFinite(n)) writeField(p, n);
        }}
      />
    </FieldShell>
  );
}

export function SelectField(p: FieldProps) {
  const value = str(p.value);
  const options = p.field.options ?? [];
  const messages = violationMessages(p.violations);
  return (
    <FieldShell inputId={p.inputId} label={p.field.label} help={p.field.help} messages={messages}>
      <select
        id={p.inputId}
        className="input"
        value={value}
        disabled={p.disabled}
        aria-invalid={hasError(messages) || undefined}
        onChange={(e) => writeField(p, e.target.value)}
      >
        {!options.includes(value) && <option value={value}>{value === '' ? 'Choose…' : `${value} (not allowed)`}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

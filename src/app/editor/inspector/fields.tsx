import { useEffect, useState } from 'react';
import { clearField, numberProblem, sealTyping, writeField, type FieldProps } from './field-context';
import { FieldShell, hasError, violationMessages, type FieldMessage } from './FieldShell';
import { textLimit } from '../nodes/presentation';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

function counterMessages(p: FieldProps, length: number): FieldMessage[] {
  const limit = textLimit(p.nodeType, p.field.key, p.field.maxLength);
  if (!limit || length <= limit.max) return [];
  return [{ tone: 'warning', text: `${limit.what} is limited to ${limit.max} characters by the provider; this one has ${length}.` }];
}

export function TextField(p: FieldProps & { multiline?: boolean }) {
  const text = str(p.value);
  const messages = [...violationMessages(p.violations), ...counterMessages(p, text.length)];
  if (p.field.required && text.trim() === '' && !messages.length) messages.push({ tone: 'error', text: `${p.field.label} is required` });
  if (p.field.kind === 'url' && text && !/^https?:\/\/\S+$/i.test(text))
    messages.push({ tone: 'warning', text: 'This does not look like a web address (https://…)' });
  const common = {
    id: p.inputId,
    className: 'input',
    value: text,
    disabled: p.disabled,
    'aria-invalid': hasError(messages) || undefined,
    'aria-describedby': `${p.inputId}-messages`,
    onBlur: sealTyping,
  };
  const limit = textLimit(p.nodeType, p.field.key, p.field.maxLength);
  return (
    <FieldShell
      inputId={p.inputId}
      label={p.field.label}
      help={p.field.help}
      required={p.field.required}
      messages={messages}
      trailing={
        limit ? (
          <span className={`insp-counter${text.length > limit.max ? ' over' : ''}`}>
            {text.length}/{limit.max}
          </span>
        ) : null
      }
    >
      {p.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => writeField(p.nodeId, p.nodeLabel, p.field, e.target.value)} />
      ) : (
        <input
          {...common}
          type={p.field.kind === 'url' ? 'url' : 'text'}
          onChange={(e) => writeField(p.nodeId, p.nodeLabel, p.field, e.target.value)}
        />
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
          onChange={(e) => writeField(p.nodeId, p.nodeLabel, p.field, e.target.checked)}
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
 * box removes the field. Bounds are checked immediately; out-of-range values are still written so the
 * validator's violation (and the blocked save) says the same thing.
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
  else if (parsed !== undefined) {
    const problem = numberProblem(p.field, parsed);
    if (problem && p.violations.length === 0) local.push({ tone: 'error', text: problem });
  }
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
          if (raw === '') return clearField(p.nodeId, p.field);
          const n = Number(raw);
          if (Number.isFinite(n)) writeField(p.nodeId, p.nodeLabel, p.field, n);
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
        onChange={(e) => writeField(p.nodeId, p.nodeLabel, p.field, e.target.value)}
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

import type { ReactNode } from 'react';
import type { Severity, Violation } from '../../../domain';

export interface FieldMessage {
  tone: Severity;
  text: string;
}

/** Label, help, and the inline messages (validator violations for this field + immediate checks). */
export function FieldShell({
  inputId,
  label,
  help,
  required,
  unit,
  messages,
  children,
  trailing,
  after,
}: {
  inputId: string;
  label: string;
  help?: string | undefined;
  required?: boolean | undefined;
  unit?: string | undefined;
  messages: readonly FieldMessage[];
  children: ReactNode;
  trailing?: ReactNode;
  /** Shown after the messages, so the messages stay pinned right under the input (e.g. a preview). */
  after?: ReactNode;
}) {
  const describedBy = `${inputId}-messages`;
  return (
    <div className="field insp-field">
      <div className="insp-field-head">
        <label htmlFor={inputId}>
          {label}
          {required && (
            <span className="insp-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
          {unit && <span className="muted"> ({unit})</span>}
        </label>
        {trailing}
      </div>
      {children}
      <div id={describedBy} aria-live="polite">
        {messages.map((m, i) => (
          <p key={i} className={m.tone === 'error' ? 'field-error' : 'field-warning'}>
            {m.text}
          </p>
        ))}
      </div>
      {after}
      {help && <span className="field-help">{help}</span>}
    </div>
  );
}

/** The validator's messages for one field, in users' words. */
export const violationMessages = (violations: readonly Violation[]): FieldMessage[] =>
  violations.map((v) => ({ tone: v.severity, text: v.message }));

export const hasError = (messages: readonly FieldMessage[]) => messages.some((m) => m.tone === 'error');

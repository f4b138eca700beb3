import type { ReactNode } from 'react';
import { fieldId } from './form-model';

export interface FieldProps {
  formId: string;
  path: string;
  label: string;
  error?: string;
  help?: string;
  className?: string;
  /** Renders the control with the id/aria wiring for this field. */
  children(props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}

/** Label, control, help and inline error for one form field (errors by path: zod's and the server's). */
export function Field({ formId, path, label, error, help, className, children }: FieldProps) {
  const id = fieldId(formId, path);
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {help && (
        <span id={`${id}-help`} className="field-help">
          {help}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

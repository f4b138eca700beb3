import { useEffect, useRef, useState } from 'react';
import { jsonEqual } from '../../../domain/paths';
import { sealTyping, writeField, type FieldProps } from './field-context';
import { violationMessages } from './FieldShell';

interface Row {
  key: string;
  value: string;
  /** The original non-string value, kept untouched until its text is edited. */
  raw?: unknown;
}

const toRows = (value: unknown): Row[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([key, v]) =>
        typeof v === 'string' ? { key, value: v } : { key, value: JSON.stringify(v), raw: v },
      )
    : [];

const toObject = (rows: Row[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const r of rows) if (r.key.trim() !== '' && !(r.key in out)) out[r.key] = 'raw' in r ? r.raw : r.value;
  return out;
};

/** Key → value pairs (field_mappings, custom_variables); rows without a key are kept only locally. */
export function KeyValueField(p: FieldProps) {
  const [rows, setRows] = useState<Row[]>(() => toRows(p.value));
  const committed = useRef<unknown>(toObject(rows));
  useEffect(() => {
    // Undo/redo or another edit changed the value: show it.
    if (!jsonEqual(p.value ?? {}, committed.current)) {
      setRows(toRows(p.value));
      committed.current = p.value ?? {};
    }
  }, [p.value]);

  const update = (next: Row[]) => {
    setRows(next);
    const obj = toObject(next);
    committed.current = obj;
    writeField(p, obj);
  };
  const keys = rows.map((r) => r.key.trim()).filter(Boolean);
  const duplicates = keys.filter((k, i) => keys.indexOf(k) !== i);
  const messages = [
    ...violationMessages(p.violations),
    ...(duplicates.length ? [{ tone: 'error' as const, text: `“${duplicates[0]}” is used twice; only the first row counts` }] : []),
  ];
  return (
    <fieldset className="field insp-field insp-kv" disabled={p.disabled}>
      <legend>{p.field.label}</legend>
      {rows.length === 0 && <p className="muted insp-kv-empty">None yet.</p>}
      {rows.map((row, i) => (
        <div className="insp-kv-row" key={i}>
          <input
            className="input input-sm"
            aria-label={`${p.field.label} ${i + 1}: name`}
            placeholder="name"
            value={row.key}
            onBlur={sealTyping}
            onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
          />
          <input
            className="input input-sm"
            aria-label={`${p.field.label} ${i + 1}: value`}
            placeholder="value"
            value={row.value}
            onBlur={sealTyping}
            onChange={(e) => update(rows.map((r, j) => (j === i ? { key: r.key, value: e.target.value } : r)))}
          />
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remove ${p.field.label} ${i + 1}`}
            onClick={() => update(rows.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        + Add
      </button>
      {messages.map((m, i) => (
        <p key={i} className={m.tone === 'error' ? 'field-error' : 'field-warning'}>
          {m.text}
        </p>
      ))}
    </fieldset>
  );
}

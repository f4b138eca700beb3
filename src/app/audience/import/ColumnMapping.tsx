import {
  customFieldKey,
  NAME_PART_LABEL,
  NAME_PARTS,
  PROSPECT_FIELD_LABEL,
  PROSPECT_FIELDS,
  type ColumnTarget,
  type NamePart,
  type ProspectField,
} from './columns';

const encode = (t: ColumnTarget): string => (t.kind === 'field' ? `field:${t.field}` : t.kind === 'namePart' ? `part:${t.part}` : t.kind);

/** First few non-empty values of a column, to recognise it by. */
const samples = (rows: readonly (readonly string[])[], column: number): string[] => {
  const out: string[] = [];
  for (const row of rows) {
    const v = (row[column] ?? '').trim();
    if (v) out.push(v);
    if (out.length === 2 || out.length === rows.length) break;
  }
  return out;
};

/** Each column of the file, what it was matched to, and a chooser to change it. */
export function ColumnMapping({
  headers,
  rows,
  targets,
  onChange,
}: {
  headers: string[];
  rows: string[][];
  targets: ColumnTarget[];
  onChange(column: number, target: ColumnTarget): void;
}) {
  const choose = (column: number, value: string, header: string) => {
    if (value === 'ignore') return onChange(column, { kind: 'ignore' });
    if (value === 'custom') return onChange(column, { kind: 'custom', key: customFieldKey(header) });
    if (value.startsWith('part:')) return onChange(column, { kind: 'namePart', part: value.slice('part:'.length) as NamePart });
    onChange(column, { kind: 'field', field: value.slice('field:'.length) as ProspectField });
  };
  const head = rows.slice(0, 20);
  return (
    <div className="column-mapping" role="table" aria-label="Columns of the file">
      <div className="column-mapping-row column-mapping-head" role="row">
        <span role="columnheader">Column in the file</span>
        <span role="columnheader">Example values</span>
        <span role="columnheader">Import as</span>
      </div>
      {headers.map((header, column) => {
        const target = targets[column]!;
        const example = samples(head, column);
        return (
          <div key={column} className={`column-mapping-row${target.kind === 'ignore' ? ' is-ignored' : ''}`} role="row">
            <span role="cell" className="column-name">
              {header}
            </span>
            <span role="cell" className="column-examples muted">
              {example.length ? example.join(' · ') : 'empty'}
            </span>
            <span role="cell" className="column-target">
              <select
                className="input input-sm"
                aria-label={`Import “${header}” as`}
                value={encode(target)}
                onChange={(e) => choose(column, e.target.value, header)}
              >
                <optgroup label="Prospect field">
                  {PROSPECT_FIELDS.flatMap((f) => [
                    <option key={f} value={`field:${f}`}>
                      {PROSPECT_FIELD_LABEL[f]}
                    </option>,
                    // The name's two parts right after the full name.
                    ...(f === 'name'
                      ? NAME_PARTS.map((part) => (
                          <option key={part} value={`part:${part}`}>
                            {NAME_PART_LABEL[part]}
                          </option>
                        ))
                      : []),
                  ])}
                </optgroup>
                <option value="custom">Custom field</option>
                <option value="ignore">Don’t import</option>
              </select>
              {target.kind === 'custom' && (
                <label className="custom-key" title="The placeholder your messages use for this column">
                  <code aria-hidden="true">{'{{'}</code>
                  <input
                    className="input input-sm"
                    aria-label={`Custom field name for “${header}”`}
                    value={target.key}
                    spellCheck={false}
                    onChange={(e) => onChange(column, { kind: 'custom', key: e.target.value.trim() })}
                  />
                  <code aria-hidden="true">{'}}'}</code>
                </label>
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}

import { useEffect, useId, useState, type DragEvent } from 'react';
import { downloadCsv } from './download';
import { warmCsvWorker } from './read-csv-file';
import { SAMPLE_CSV_NAME, sampleCsv } from './sample-csv';

/** Drop a CSV file here, or pick one: the import's first step. */
export function DropZone({ onFile, busy, error }: { onFile(file: File): void; busy: boolean; error: string | null }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  useEffect(warmCsvWorker, []);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  return (
    <div
      className={`drop-zone${over ? ' is-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="csv-drop-zone"
    >
      <p className="drop-zone-title">{busy ? 'Reading the file…' : 'Drop a CSV file here'}</p>
      <p className="muted">
        One row per person, with a column of LinkedIn profile URLs. Names, companies, job titles and any other columns can come along: they
        fill your messages’ placeholders.
      </p>
      <label htmlFor={inputId} className={`btn btn-primary${busy ? ' is-busy' : ''}`}>
        Choose a file
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv,.tsv,text/tab-separated-values,.txt"
        disabled={busy}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => downloadCsv(SAMPLE_CSV_NAME, sampleCsv())}>
        Download a sample CSV
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { hrefs } from '../../boot/paths';
import { useMemo, useState } from 'react';
import { importProspects, readProspectPage, type OnDuplicate } from '../../api/prospects';
import { Link, useLocation } from '../../router';
import { formatCount } from '../../ui/format';
import { plural } from '../labels';
import { ColumnMapping } from './ColumnMapping';
import { buildProspects, mappingProblems, matchColumns, type ColumnTarget } from './columns';
import { DropZone } from './DropZone';
import { findProspectIds } from './find-imported';
import { ImportPreview } from './ImportPreview';
import type { ParsedCsv } from './parse-csv';
import { readCsvFile } from './read-csv-file';
import { errorRowsCsv, importInChunks, ImportInterrupted, type ImportSummary as Summary } from './run-import';
import { ImportSummary } from './ImportSummary';

type Step =
  | { step: 'choose'; reading: boolean; error: string | null }
  | { step: 'map'; fileName: string; csv: ParsedCsv; targets: ColumnTarget[] }
  | { step: 'importing'; fileName: string; csv: ParsedCsv; done: number; total: number }
  | { step: 'done'; fileName: string; csv: ParsedCsv; summary: Summary; profileUrls: string[]; interrupted: string | null };

function Progress({ done, total }: { done: number; total: number }) {
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="import-progress">
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${formatCount(done)} of ${formatCount(total)} rows`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p role="status">
        Importing… {formatCount(done)} of {plural(total, formatCount(total), 'row')} sent.
      </p>
    </div>
  );
}

/** /audience/import: drop a file, check the columns and the preview, import in chunks, then add to a campaign. */
export function ImportFlow() {
  const { search } = useLocation();
  const addTo = search.get('addTo');
  const [state, setState] = useState<Step>({ step: 'choose', reading: false, error: null });
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>('skip');
  const [previewCampaign, setPreviewCampaign] = useState<string | null>(addTo);

  const mapped = useMemo(() => (state.step === 'map' ? buildProspects(state.csv.rows, state.targets) : null), [state]);

  const onFile = async (file: File) => {
    setState({ step: 'choose', reading: true, error: null });
    try {
      const csv = await readCsvFile(file);
      if (csv.rows.length === 0) throw new Error('This file has no rows under its header line.');
      setState({ step: 'map', fileName: file.name, csv, targets: matchColumns(csv.headers, csv.rows.slice(0, 50)) });
    } catch (e) {
      setState({ step: 'choose', reading: false, error: `“${file.name}” could not be read: ${(e as Error).message}` });
    }
  };

  const start = async () => {
    if (state.step !== 'map' || !mapped) return;
    const { fileName, csv } = state;
    const { prospects, rowIndex } = mapped;
    const profileUrls = prospects.map((p) => p.profileUrl);
    const progress = (done: number, total: number) => setState({ step: 'importing', fileName, csv, done, total });
    try {
      const summary = await importInChunks(prospects, rowIndex, (chunk) => importProspects(chunk, onDuplicate), progress);
      setState({ step: 'done', fileName, csv, summary, profileUrls, interrupted: null });
    } catch (e) {
      const summary = e instanceof ImportInterrupted ? e.summary : { created: 0, updated: 0, skipped: 0, errors: [] };
      setState({ step: 'done', fileName, csv, summary, profileUrls, interrupted: (e as Error).message });
    }
  };

  return (
    <main className="feature-page audience-import" aria-labelledby="import-title">
      <div className="audience-head">
        <Link to={hrefs.audience({ addTo: addTo ?? undefined })} className="btn btn-sm btn-ghost" aria-label="Back to the audience">
          ←
        </Link>
        <h1 id="import-title" className="audience-title">
          Import prospects
        </h1>
        {state.step !== 'choose' && <span className="muted import-file">{state.fileName}</span>}
      </div>
      <div className="import-body">
        {state.step === 'choose' && <DropZone onFile={(f) => void onFile(f)} busy={state.reading} error={state.error} />}
        {state.step === 'map' && mapped && (
          <MapStep
            state={state}
            count={mapped.prospects.length}
            blankRows={mapped.blankRows}
            onTargets={(targets) => setState({ ...state, targets })}
            onDuplicate={onDuplicate}
            setOnDuplicate={setOnDuplicate}
            onStart={() => void start()}
            onCancel={() => setState({ step: 'choose', reading: false, error: null })}
          >
            <ImportPreview
              prospects={mapped.prospects}
              rowIndex={mapped.rowIndex}
              campaignId={previewCampaign}
              onCampaign={setPreviewCampaign}
            />
          </MapStep>
        )}
        {state.step === 'importing' && <Progress done={state.done} total={state.total} />}
        {state.step === 'done' && (
          <ImportSummary
            summary={state.summary}
            fileName={state.fileName}
            interrupted={state.interrupted}
            errorCsv={() => errorRowsCsv(state.csv.headers, state.csv.rows, state.summary.errors)}
            findImported={() => findProspectIds(state.profileUrls, readProspectPage)}
            campaignId={addTo ?? previewCampaign}
            onAnother={() => setState({ step: 'choose', reading: false, error: null })}
          />
        )}
      </div>
    </main>
  );
}

function MapStep({
  state,
  count,
  blankRows,
  onTargets,
  onDuplicate,
  setOnDuplicate,
  onStart,
  onCancel,
  children,
}: {
  state: Extract<Step, { step: 'map' }>;
  count: number;
  blankRows: number;
  onTargets(targets: ColumnTarget[]): void;
  onDuplicate: OnDuplicate;
  setOnDuplicate(v: OnDuplicate): void;
  onStart(): void;
  onCancel(): void;
  children: React.ReactNode;
}) {
  const problems = mappingProblems(state.csv.headers, state.targets);
  const setTarget = (column: number, target: ColumnTarget) => onTargets(state.targets.map((t, i) => (i === column ? target : t)));
  return (
    <div className="import-map">
      <p className="import-intro">
        {plural(count, formatCount(count), 'person', 'people')} in{' '}
        {plural(state.csv.headers.length, formatCount(state.csv.headers.length), 'column')}
        {blankRows > 0 ? ` (${plural(blankRows, formatCount(blankRows), 'empty row')} left out)` : ''}. Each column was matched to a field:
        check them, change any, and keep the others as custom fields for your placeholders or leave them out.
      </p>
      {state.csv.warnings.map((w) => (
        <p key={w} className="field-warning">
          {w}
        </p>
      ))}
      <ColumnMapping headers={state.csv.headers} rows={state.csv.rows} targets={state.targets} onChange={setTarget} />
      {children}
      <fieldset className="import-duplicates">
        <legend>Someone already in your audience</legend>
        <label className="check-row">
          <input type="radio" name="on-duplicate" checked={onDuplicate === 'skip'} onChange={() => setOnDuplicate('skip')} />
          Keep them as they are (skip the row)
        </label>
        <label className="check-row">
          <input type="radio" name="on-duplicate" checked={onDuplicate === 'update'} onChange={() => setOnDuplicate('update')} />
          Update them with this file’s values
        </label>
      </fieldset>
      {problems.length > 0 && (
        <ul className="import-problems" role="alert">
          {problems.map((p) => (
            <li key={p} className="field-error">
              {p}
            </li>
          ))}
        </ul>
      )}
      <div className="import-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Choose another file
        </button>
        <button type="button" className="btn btn-primary" disabled={problems.length > 0 || count === 0} onClick={onStart}>
          Import {plural(count, formatCount(count), 'prospect')}
        </button>
      </div>
    </div>
  );
}

import { hrefs } from '../../boot/paths';
import { formatCount } from '../../ui/format';
import { AddToCampaign } from '../AddToCampaign';
import { plural } from '../labels';
import { Link } from '../../router';
import { downloadCsv } from './download';
import type { ImportSummary as Summary } from './run-import';

const STATS: { key: 'created' | 'updated' | 'skipped'; label: string; help: string }[] = [
  { key: 'created', label: 'Added', help: 'new to your audience' },
  { key: 'updated', label: 'Updated', help: 'already there, fields replaced' },
  { key: 'skipped', label: 'Skipped', help: 'already there (or twice in the file), left as they were' },
];

/** What the import did, the refused rows to download, and "Add to campaign". */
export function ImportSummary({
  summary,
  fileName,
  errorCsv,
  findImported,
  campaignId,
  interrupted,
  onAnother,
}: {
  summary: Summary;
  fileName: string;
  errorCsv(): string;
  findImported(): Promise<string[]>;
  campaignId: string | null;
  /** Why the import stopped before the end, when it did. */
  interrupted: string | null;
  onAnother(): void;
}) {
  const errors = summary.errors.length;
  const stored = summary.created + summary.updated + summary.skipped;
  return (
    <section className="import-summary" aria-labelledby="import-summary-title">
      <h2 id="import-summary-title">{interrupted ? 'The import stopped part-way' : 'Import finished'}</h2>
      {interrupted && (
        <p className="field-error" role="alert">
          {interrupted} The rows below were stored; import the file again to send the rest (those already stored are skipped).
        </p>
      )}
      <dl className="import-stats">
        {STATS.map((s) => (
          <div key={s.key} className={`import-stat stat-${s.key}`}>
            <dt>{s.label}</dt>
            <dd>
              <strong>{formatCount(summary[s.key])}</strong> <span className="muted">{s.help}</span>
            </dd>
          </div>
        ))}
        <div className={`import-stat stat-errors${errors ? ' has-errors' : ''}`}>
          <dt>Not imported</dt>
          <dd>
            <strong>{formatCount(errors)}</strong> <span className="muted">{errors ? 'rows with a problem' : 'every row was read'}</span>
          </dd>
        </div>
      </dl>
      {errors > 0 && (
        <div className="import-errors">
          <ul className="import-error-list">
            {summary.errors.slice(0, 5).map((e) => (
              <li key={e.row}>
                Row {formatCount(e.row + 2)}: {e.message}
              </li>
            ))}
          </ul>
          {errors > 5 && <p className="muted">…and {plural(errors - 5, formatCount(errors - 5), 'more row')}.</p>}
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => downloadCsv(fileName.replace(/(\.[a-z]+)?$/i, '-not-imported.csv'), errorCsv())}
          >
            Download the {plural(errors, formatCount(errors), 'row')} not imported (CSV)
          </button>
          <p className="muted">Fix them in the file (the last column says what is wrong), then import it again.</p>
        </div>
      )}
      {stored > 0 && <AddToCampaign prospectIds={findImported} campaignId={campaignId} />}
      <div className="import-summary-actions">
        <Link to={hrefs.audience()} className="btn btn-sm btn-ghost">
          See your audience
        </Link>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onAnother}>
          Import another file
        </button>
      </div>
    </section>
  );
}

import { useMemo } from 'react';
import { useCampaign } from '../../api/campaigns';
import { profileUrlProblem } from '../../../domain/profile-url';
import { formatCount } from '../../ui/format';
import { CampaignSelect } from '../CampaignSelect';
import { plural } from '../labels';
import { shortProfile } from '../ProspectList';
import type { ProspectImportRow } from './columns';
import { firstMessage, renderForRow } from './preview';
import { FilledText } from '../../ui/FilledText';

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;
/** Refused profile links named before the import. */
const NAMED_REFUSALS = 5;

/** Why the import will refuse a row's profile link (contract 10.3), in users' words; null when it is a LinkedIn or WhatsApp profile. */
export const rowUrlProblem = (row: ProspectImportRow): string | null =>
  row.profileUrl ? profileUrlProblem(row.profileUrl) : 'There is no profile link in this row.';

/** The rows the import will refuse for their profile link, with their CSV line (the header is line 1). */
function RefusedUrls({ refused }: { refused: { line: number; url: string; problem: string }[] }) {
  if (refused.length === 0) return null;
  return (
    <div className="import-refused" role="status">
      <p className="import-preview-warning">
        {plural(refused.length, formatCount(refused.length), 'row')} will not be imported: only LinkedIn and WhatsApp profiles can be
        contacted.
      </p>
      <ul className="import-refused-list">
        {refused.slice(0, NAMED_REFUSALS).map((r) => (
          <li key={r.line}>
            <strong>Row {formatCount(r.line)}</strong>
            {r.url && <span className="import-refused-url"> {r.url}</span>}: {r.problem}
          </li>
        ))}
        {refused.length > NAMED_REFUSALS && (
          <li className="muted">
            …and {plural(refused.length - NAMED_REFUSALS, formatCount(refused.length - NAMED_REFUSALS), 'more row')}.
          </li>
        )}
      </ul>
    </div>
  );
}

function Message({ template, row }: { template: string; row: ProspectImportRow }) {
  return <FilledText className="preview-message" {...renderForRow(template, row)} />;
}

/**
 * The first rows as they will be imported, with a chosen campaign's first message written for each
 * (through the domain's placeholder renderer), placeholders left unfilled highlighted.
 */
export function ImportPreview({
  prospects,
  rowIndex,
  campaignId,
  onCampaign,
}: {
  prospects: ProspectImportRow[];
  /** The CSV data row of each prospect. */
  rowIndex: number[];
  campaignId: string | null;
  onCampaign(campaignId: string | null): void;
}) {
  const refused = useMemo(
    () =>
      prospects.flatMap((p, i) => {
        const problem = rowUrlProblem(p);
        return problem === null ? [] : [{ line: (rowIndex[i] ?? i) + 2, url: p.profileUrl, problem }];
      }),
    [prospects, rowIndex],
  );
  const campaign = useCampaign(campaignId ?? '');
  const message = useMemo(() => (campaign.data ? firstMessage(campaign.data.workflow_definition) : null), [campaign.data]);
  const rows = prospects.slice(0, PREVIEW_ROWS);
  const unfilled = message ? prospects.filter((p) => renderForRow(message.template, p).missing.length > 0).length : 0;
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <div className="import-preview-head">
        <h2 id="import-preview-title">Preview</h2>
        <CampaignSelect label="Show the first message of" value={campaignId} onChange={onCampaign} none="No campaign" />
      </div>
      {campaignId && campaign.isPending && <p className="muted">Loading the campaign…</p>}
      {campaign.data && !message && <p className="muted">“{campaign.data.name}” sends no message with text: nothing to preview.</p>}
      {message && (
        <p className={unfilled ? 'import-preview-warning' : 'muted'} role="status">
          {message.stepLabel} of “{campaign.data?.name}”.{' '}
          {unfilled
            ? `${plural(unfilled, formatCount(unfilled), 'row')} of ${formatCount(prospects.length)} would leave a placeholder unfilled (highlighted): map a column to it, or those people get the placeholder as written.`
            : 'Every row fills every placeholder.'}
        </p>
      )}
      <RefusedUrls refused={refused} />
      <div className={`import-preview-table${message ? ' has-message' : ''}`} role="table" aria-label="First rows">
        <div role="row" className="import-preview-row import-preview-header">
          <span role="columnheader">Name</span>
          <span role="columnheader">Profile</span>
          <span role="columnheader">Company</span>
          {message && <span role="columnheader">Message</span>}
        </div>
        {rows.map((p, i) => (
          <div role="row" key={i} className="import-preview-row">
            <span role="cell">{p.name ?? <span className="muted">—</span>}</span>
            <span role="cell" className="preview-profile">
              {p.profileUrl ? shortProfile(p.profileUrl) : <span className="field-error">missing</span>}
              {p.profileUrl && rowUrlProblem(p) && <span className="field-error preview-refused">Not a LinkedIn or WhatsApp profile</span>}
            </span>
            <span role="cell">{p.company ?? <span className="muted">—</span>}</span>
            {message && (
              <span role="cell">
                <Message template={message.template} row={p} />
              </span>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

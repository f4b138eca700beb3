import { useMemo } from 'react';
import { useCampaign } from '../../api/campaigns';
import { formatCount } from '../../ui/format';
import { CampaignSelect } from '../CampaignSelect';
import { plural } from '../labels';
import { shortProfile } from '../ProspectList';
import type { ProspectImportRow } from './columns';
import { firstMessage, renderForRow } from './preview';
import { FilledText } from '../../ui/FilledText';

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;

function Message({ template, row }: { template: string; row: ProspectImportRow }) {
  return <FilledText className="preview-message" {...renderForRow(template, row)} />;
}

/**
 * The first rows as they will be imported, with a chosen campaign's first message written for each
 * (through the domain's placeholder renderer), placeholders left unfilled highlighted.
 */
export function ImportPreview({
  prospects,
  campaignId,
  onCampaign,
}: {
  prospects: ProspectImportRow[];
  campaignId: string | null;
  onCampaign(campaignId: string | null): void;
}) {
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

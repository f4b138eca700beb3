import type { CampaignContext as Context } from '../../domain/contract/conversations';
import { useCampaign } from '../api/campaigns';
import { hrefs } from '../boot/paths';
import { Link } from '../router';
import { stepLabel } from './step-label';

/** Contract 8.2: the campaign step a conversation came from, a link to it in the editor (and to the contact's run timeline), and a filter on it. */
export function CampaignContext({
  campaign,
  profileUrl,
  onFilterStep,
}: {
  campaign: Context;
  /** The contact's profile: the link to their timeline in the campaign's run. */
  profileUrl: string | null;
  onFilterStep(campaignId: string, nodeId: string | null): void;
}) {
  // The full record: the step's label needs the graph (the campaign list carries summaries only).
  const record = useCampaign(campaign.campaignId).data;
  const step = campaign.nodeId ? stepLabel(record?.workflow_definition, campaign.nodeId) : null;
  const href = hrefs.editor(campaign.campaignId, campaign.nodeId ? { node: campaign.nodeId } : {});
  return (
    <div className="thread-campaign" data-testid="thread-campaign">
      <span className="muted">From campaign</span>
      <Link to={href} title="Open this step in the campaign editor">
        {campaign.name}
        {step && ` · ${step}`}
      </Link>
      {profileUrl && record && record.status !== 'draft' && (
        <Link to={hrefs.editor(campaign.campaignId, { prospect: profileUrl })}>Timeline in the run</Link>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onFilterStep(campaign.campaignId, campaign.nodeId)}>
        {step ? 'All conversations from this step' : 'All conversations from this campaign'}
      </button>
    </div>
  );
}

import type { CampaignStatus } from '../../domain/contract/campaigns';
import { CAMPAIGN_STATUS_HELP, CAMPAIGN_STATUS_LABEL } from './campaign-status';

/** A campaign's status as a badge, in the words of campaign-status.ts, its meaning on hover. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={`badge status-${status}`} title={CAMPAIGN_STATUS_HELP[status]}>
      {CAMPAIGN_STATUS_LABEL[status]}
    </span>
  );
}

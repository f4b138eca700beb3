import type { CampaignStatus } from '../../domain/contract/campaigns';

/** A campaign's status in users' words: the campaign list, its filter and the editor's toolbar all say these. */
export const CAMPAIGN_STATUS_LABEL: Readonly<Record<CampaignStatus, string>> = {
  draft: 'Draft',
  active: 'Live',
  paused: 'Paused',
  completed: 'Finished',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`badge status-${status}`}>{CAMPAIGN_STATUS_LABEL[status]}</span>;
}

import type { CampaignStatus } from '../../../domain';
import type { CampaignMeta } from './types';
import { CAMPAIGN_STATUS_LABEL } from '../../ui/campaign-status';

/** Why a non-draft campaign opens read-only, in users' words. */
export function readOnlyMessage(status: CampaignStatus | null): string {
  const word = status ? CAMPAIGN_STATUS_LABEL[status].toLowerCase() : 'no longer a draft';
  // Contract 10.4: a running or paused campaign changes through a revision (the toolbar's Edit).
  if (status === 'active' || status === 'paused')
    return `This campaign is ${word}, so its steps are read-only here. Edit opens a revision you can change and publish without stopping it.`;
  return `This campaign is ${word}. Only drafts can be edited, so its steps are read-only: duplicate it from the campaigns list to edit a copy.`;
}

/** A launched campaign (active, paused, completed) opens as its run view: the campaign id, else null. */
export const runViewCampaignId = (s: { campaign: Pick<CampaignMeta, 'campaignId' | 'status'> | null }): string | null =>
  s.campaign && s.campaign.status !== 'draft' ? s.campaign.campaignId : null;

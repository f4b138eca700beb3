import type { CampaignStatus } from '../../../domain';
import { CAMPAIGN_STATUS_LABEL } from '../../ui/campaign-status';

/** Why a non-draft campaign opens read-only, in users' words. */
export function readOnlyMessage(status: CampaignStatus | null): string {
  const word = status ? CAMPAIGN_STATUS_LABEL[status].toLowerCase() : 'no longer a draft';
  return `This campaign is ${word}. Only drafts can be edited, so its steps are read-only: duplicate it from the campaigns list to edit a copy.`;
}

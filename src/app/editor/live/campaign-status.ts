import { useEffect } from 'react';
import type { CampaignStatus } from '../../../domain/contract/campaigns';
import { useCampaign } from '../../api/campaigns';
import { editorStore, readOnlyMessage } from '../store';

/**
 * The open campaign's status, wherever the editor shows it (the header badge, the read-only banner,
 * what may be edited), follows its cached record: a change event (anyone's, this tab's own too), a
 * run.progress body and a run command's answer write the status there (`rememberCampaignStatus`).
 */
export function followCampaignStatus(campaignId: string, status: CampaignStatus): void {
  const s = editorStore.getState();
  if (s.campaign?.campaignId !== campaignId) return;
  if (s.campaign.status !== status) editorStore.setState({ campaign: { ...s.campaign, status } });
  const reason = status === 'draft' ? null : readOnlyMessage(status);
  if (reason !== null && s.readOnlyReason !== reason) s.setReadOnly(reason);
}

/** While the campaign is open: its record's status, put into the editor whenever it changes. */
export function useFollowCampaignStatus(campaignId: string): void {
  const status = useCampaign(campaignId).data?.status;
  useEffect(() => {
    if (status) followCampaignStatus(campaignId, status);
  }, [campaignId, status]);
}

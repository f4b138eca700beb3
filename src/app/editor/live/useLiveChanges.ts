import { useEffect } from 'react';
import { CAMPAIGN_CHECKED_MS, campaignReadAge, rememberCampaignStatus } from '../../api/campaigns';
import { watchCampaignChanges } from '../../api/changes';
import { queryClient } from '../../api/query-client';
import { storeRunProgress } from '../../api/runs';
import { useFollowCampaignStatus } from './campaign-status';
import { dismissLiveNotice, onRemoteChange } from './live-changes';

/**
 * While the campaign is open: watch its live changes (reconnecting with backoff); stop on leaving the
 * editor. Every change says the campaign's status (a pause keeps `updated_at`): it is put in the
 * cached record first, this tab's own changes included, and the editor follows it.
 */
export function useLiveChanges(campaignId: string): void {
  useFollowCampaignStatus(campaignId);
  useEffect(() => {
    dismissLiveNotice();
    const stop = watchCampaignChanges(campaignId, {
      onChange: (change) => {
        rememberCampaignStatus(queryClient, campaignId, change.status);
        void onRemoteChange(campaignId, change);
      },
      onRunProgress: (run) => storeRunProgress(campaignId, run),
      // Back after a drop, or opened on a read some seconds old: a change made meanwhile was not streamed, so read the campaign once.
      onOpen: (reconnected) => {
        if (reconnected || campaignReadAge(queryClient, campaignId) > CAMPAIGN_CHECKED_MS) void onRemoteChange(campaignId, {});
      },
    });
    return () => {
      stop();
      dismissLiveNotice();
    };
  }, [campaignId]);
}

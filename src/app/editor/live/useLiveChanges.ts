import { useEffect } from 'react';
import { CAMPAIGN_CHECKED_MS, campaignReadAge } from '../../api/campaigns';
import { watchCampaignChanges } from '../../api/changes';
import { queryClient } from '../../api/query-client';
import { storeRunProgress } from '../../api/runs';
import { dismissLiveNotice, onRemoteChange } from './live-changes';

/** While the campaign is open: watch its live changes (reconnecting with backoff); stop on leaving the editor. */
export function useLiveChanges(campaignId: string): void {
  useEffect(() => {
    dismissLiveNotice();
    const stop = watchCampaignChanges(campaignId, {
      onChange: (change) => void onRemoteChange(campaignId, change),
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

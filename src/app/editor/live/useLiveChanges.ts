import { useEffect } from 'react';
import { watchCampaignChanges } from '../../api/changes';
import { storeRunProgress } from '../../api/runs';
import { dismissLiveNotice, onRemoteChange } from './live-changes';

/** While the campaign is open: watch its live changes (reconnecting with backoff); stop on leaving the editor. */
export function useLiveChanges(campaignId: string): void {
  useEffect(() => {
    dismissLiveNotice();
    const stop = watchCampaignChanges(campaignId, {
      onChange: (change) => void onRemoteChange(campaignId, change),
      onRunProgress: (run) => storeRunProgress(campaignId, run),
      // Back after a drop: a change made meanwhile was not streamed, so read the campaign once.
      onOpen: (reconnected) => {
        if (reconnected) void onRemoteChange(campaignId, {});
      },
    });
    return () => {
      stop();
      dismissLiveNotice();
    };
  }, [campaignId]);
}

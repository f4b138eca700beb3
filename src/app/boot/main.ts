import { startEarlyCampaignRead } from './early-read';

// The page's first script (index.html), a few hundred bytes: starts what the first view needs from
// the server while the app's code is still loading.
startEarlyCampaignRead();

import { startEarlyCampaignRead } from './early-read';
import { pageCodeFor } from './page-code';
import { readStoredSession } from './stored-session';

// The page's first script (index.html), small: starts what the first view needs — the campaign from
// the server, the page's code — while the app's own code is still loading.
const session = readStoredSession();
startEarlyCampaignRead(session);
if (session?.apiKey) for (const load of pageCodeFor(window.location.pathname)) void load().catch(() => undefined);

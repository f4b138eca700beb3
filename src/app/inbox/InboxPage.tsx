import { conversationsQueryOptions } from '../api/conversations';
import { queryClient } from '../api/query-client';
import { routeOf } from '../boot/paths';
import { useSession } from '../session';
import { Inbox } from './Inbox';
import { filtersFromParams, useUrlInboxState } from './filter-state';

// Start the first page as soon as this chunk loads, not after React commits the page (React holds a
// resolved Suspense boundary back up to 300 ms): the request then runs during that wait.
if (routeOf(window.location.pathname).page === 'inbox')
  void queryClient.prefetchInfiniteQuery(
    conversationsQueryOptions(filtersFromParams(new URLSearchParams(window.location.search)), useSession.getState().workspaceId),
  );

/** /inbox: the inbox full-width, filters and open conversation kept in the URL. */
export default function InboxPage() {
  const view = useUrlInboxState();
  return (
    <main className="feature-page feature-page-full" aria-labelledby="inbox-title">
      <h1 id="inbox-title" className="visually-hidden">
        Inbox
      </h1>
      <Inbox layout="page" view={view} />
    </main>
  );
}

import { Inbox } from './Inbox';
import { useUrlInboxState } from './filter-state';

/** /inbox: the inbox full-width, filters and open conversation kept in the URL. */
export default function InboxPage() {
  const view = useUrlInboxState();
  return (
    <main className="feature-page feature-page-full" aria-labelledby="inbox-title">
      <h1 id="inbox-title" className="visually-hidden">Inbox</h1>
      <Inbox layout="page" view={view} />
    </main>
  );
}

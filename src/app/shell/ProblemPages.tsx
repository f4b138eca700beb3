import { hrefs } from '../boot/paths';
import { Link } from '../router';

/** An address that is none of the app's pages (mistyped, or a link that cannot be read). */
export function NotFoundPage() {
  return (
    <main className="page">
      <div className="card problem-card" role="alert">
        <h1>Page not found</h1>
        <p className="muted">There is no page at this address. It may have been mistyped or cut short.</p>
        <div className="dialog-actions">
          <Link to={hrefs.campaigns()} className="btn btn-primary">
            Back to campaigns
          </Link>
        </div>
      </div>
    </main>
  );
}

/**
 * Shown when the app itself failed to draw a page. The way back is a full page load (the failed
 * page's state is not trusted), to the campaigns or to the same address.
 */
export function AppErrorPage() {
  return (
    <main className="page">
      <div className="card problem-card" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">This page could not be shown. Reloading usually helps; your saved work is safe.</p>
        <div className="dialog-actions">
          <a href={hrefs.campaigns()} className="btn">
            Back to campaigns
          </a>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    </main>
  );
}

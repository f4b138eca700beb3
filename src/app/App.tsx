import { Suspense, useEffect } from 'react';
import { queryClient } from './api/query-client';
import { routeOf } from './boot/paths';
import { pageCodeFor, PAGE_CODE, type PageCode } from './boot/page-code';
import { lazyPage, type LazyPage } from './lazy-page';
import { useLocation } from './router';
import { useSession } from './session';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { Layout } from './shell/Layout';
import { AppErrorPage, NotFoundPage } from './shell/ProblemPages';
import { SignIn } from './shell/SignIn';
import { applyTheme, useTheme } from './ui/theme';
import { ConfirmHost } from './ui/confirm';
import { Toaster } from './ui/toast';

const CampaignsPage = lazyPage(PAGE_CODE.campaigns);
const EditorPage = lazyPage<{ campaignId: string }>(PAGE_CODE.editor);
const Dock = lazyPage(PAGE_CODE.dock);
const InboxPage = lazyPage(PAGE_CODE.inbox);
const InspirationPage = lazyPage(PAGE_CODE.inspiration);
const WebhooksPage = lazyPage(PAGE_CODE.webhooks);
const AudiencePage = lazyPage(PAGE_CODE.audience);
const PAGES = new Map<PageCode, LazyPage<never>>([
  [PAGE_CODE.campaigns, CampaignsPage],
  [PAGE_CODE.editor, EditorPage],
  [PAGE_CODE.dock, Dock],
  [PAGE_CODE.inbox, InboxPage],
  [PAGE_CODE.inspiration, InspirationPage],
  [PAGE_CODE.webhooks, WebhooksPage],
  [PAGE_CODE.audience, AudiencePage],
]);

/** Loads the code of the page at `pathname` (main.tsx awaits it before the first render). */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (!useSession.getState().apiKey) return Promise.resolve();
  const route = routeOf(pathname);
  // The campaign is asked for now, beside the page's code, not once it runs (unless the boot script already has).
  if (route.page === 'editor') void import('./api/campaigns').then((m) => m.prefetchCampaign(queryClient, route.campaignId));
  return Promise.all(pageCodeFor(pathname).map((load) => (PAGES.get(load)?.preload ?? load)()));
}

function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-block" />
    </div>
  );
}

function Routes() {
  const route = routeOf(useLocation().pathname);
  switch (route.page) {
    case 'editor':
      return (
        <div className="editor-with-dock">
          <EditorPage campaignId={route.campaignId} />
          <Dock />
        </div>
      );
    case 'campaigns':
      return <CampaignsPage />;
    case 'inbox':
      return <InboxPage />;
    case 'inspiration':
      return <InspirationPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'audience':
      return <AudiencePage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function App() {
  const apiKey = useSession((s) => s.apiKey);
  const theme = useTheme((s) => s.theme);
  const { pathname } = useLocation();
  useEffect(() => applyTheme(theme), [theme]);
  // Two boundaries: a page that fails to draw keeps the navigation (and a new address draws afresh);
  // a failing shell still leaves a way back.
  return (
    <ErrorBoundary fallback={() => <AppErrorPage />}>
      {apiKey ? (
        <Layout>
          <ErrorBoundary key={pathname} fallback={() => <AppErrorPage />}>
            <Suspense fallback={<PageSkeleton />}>
              <Routes />
            </Suspense>
          </ErrorBoundary>
        </Layout>
      ) : (
        <SignIn />
      )}
      <ConfirmHost />
      <Toaster />
    </ErrorBoundary>
  );
}

import { Suspense, useEffect } from 'react';
import { queryClient } from './api/query-client';
import { PATHS } from './boot/paths';
import { pageCodeFor, PAGE_CODE, type PageCode } from './boot/page-code';
import { lazyPage, type LazyPage } from './lazy-page';
import { matchPath, useLocation } from './router';
import { useSession } from './session';
import { Layout } from './shell/Layout';
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
  const editor = matchPath(PATHS.editor, pathname);
  // The campaign is asked for now, beside the page's code, not once it runs (unless the boot script already has).
  if (editor) void import('./api/campaigns').then((m) => m.prefetchCampaign(queryClient, editor.campaignId));
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
  const { pathname } = useLocation();
  const editor = matchPath(PATHS.editor, pathname);
  if (editor)
    return (
      <div className="editor-with-dock">
        <EditorPage campaignId={editor.campaignId} />
        <Dock />
      </div>
    );
  if (matchPath(PATHS.inbox, pathname)) return <InboxPage />;
  if (matchPath(PATHS.inspiration, pathname)) return <InspirationPage />;
  if (matchPath(PATHS.webhooks, pathname)) return <WebhooksPage />;
  if (matchPath(PATHS.audience, pathname) || matchPath(PATHS.audienceImport, pathname)) return <AudiencePage />;
  return <CampaignsPage />;
}

export function App() {
  const apiKey = useSession((s) => s.apiKey);
  const theme = useTheme((s) => s.theme);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <>
      {apiKey ? (
        <Layout>
          <Suspense fallback={<PageSkeleton />}>
            <Routes />
          </Suspense>
        </Layout>
      ) : (
        <SignIn />
      )}
      <ConfirmHost />
      <Toaster />
    </>
  );
}

import { Suspense, useEffect } from 'react';
import { queryClient } from './api/query-client';
import { PATHS } from './boot/paths';
import { lazyPage } from './lazy-page';
import { matchPath, useLocation } from './router';
import { useSession } from './session';
import { Layout } from './shell/Layout';
import { SignIn } from './shell/SignIn';
import { applyTheme, useTheme } from './ui/theme';
import { ConfirmHost } from './ui/confirm';
import { Toaster } from './ui/toast';

// Each page is its own chunk: React Flow loads only with the editor, the inbox list only with the inbox.
const CampaignsPage = lazyPage(() => import('./editor/CampaignsPage'));
const EditorPage = lazyPage<{ campaignId: string }>(() => import('./editor/EditorPage'));
const Dock = lazyPage(() => import('./dock/Dock'));
const InboxPage = lazyPage(() => import('./inbox/InboxPage'));
const InspirationPage = lazyPage(() => import('./inspiration/InspirationPage'));
const WebhooksPage = lazyPage(() => import('./webhooks/WebhooksPage'));

/** Loads the code of the page at `pathname` (main.tsx awaits it before the first render). */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (!useSession.getState().apiKey) return Promise.resolve();
  const editor = matchPath(PATHS.editor, pathname);
  if (editor) {
    // The campaign and the canvas's chunk are asked for now, beside the page's own code, not once it runs.
    void import('./api/campaigns').then((m) => m.prefetchCampaign(queryClient, editor.campaignId));
    void import('./editor/EditorLayout');
    return Promise.all([EditorPage.preload(), Dock.preload()]);
  }
  if (matchPath(PATHS.inbox, pathname)) return InboxPage.preload();
  if (matchPath(PATHS.inspiration, pathname)) return InspirationPage.preload();
  if (matchPath(PATHS.webhooks, pathname)) return WebhooksPage.preload();
  return CampaignsPage.preload();
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

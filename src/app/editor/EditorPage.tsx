import { Suspense, useEffect, useMemo, useState } from 'react';
import { useCampaign } from '../api/campaigns';
import { ToolError } from '../api/mcp';
import { hrefs } from '../boot/paths';
import { lazyPage } from '../lazy-page';
import { BLANK_START, blankCanvas } from '../../domain/paths';
import { Link, setSearchParams } from '../router';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { fullTime } from '../ui/format';
import { PHONE_QUERY } from '../ui/screen';
import { keepDraftNow, useDraftOffer } from './save/useDraftRecovery';
import { useEditorStore } from './store';
import './campaigns/campaigns.css';
import './editor.css';
import { ERROR_CODES } from '../../domain/contract/errors';

// The canvas (React Flow and the editor UI) is its own chunk, requested as soon as this page module
// runs — in parallel with get-campaign instead of after it — and, once loaded, rendered without
// suspending (React.lazy would suspend anyway and hold the skeleton for up to 300 ms). When the app
// opens on a campaign, App's preloadRoute has already asked for both.
const EditorLayout = lazyPage<{ campaignId: string }>(() => import('./EditorLayout').then((m) => ({ default: m.EditorLayout })));
void EditorLayout.preload();

function SkeletonBody() {
  return (
    <div className="editor-loading" aria-busy="true" aria-label="Loading the campaign">
      <div className="editor-toolbar">
        <div className="skeleton skeleton-title" />
      </div>
      <div className="editor-body">
        <div className="palette">
          <div className="skeleton skeleton-block" />
        </div>
        <div className="canvas-column">
          <div className="skeleton editor-skeleton-canvas" />
        </div>
      </div>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <main className="editor" aria-label="Campaign editor">
      <SkeletonBody />
    </main>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ToolError && error.code === ERROR_CODES.not_found;
  return (
    <main className="editor page">
      <div className="card problem-card" role="alert">
        <h1>{notFound ? 'Campaign not found' : 'The campaign could not be loaded'}</h1>
        <p className="muted">{notFound ? 'It does not exist in this workspace (or was deleted).' : error.message}</p>
        <div className="dialog-actions">
          <Link to={hrefs.campaigns()} className="btn">
            Back to campaigns
          </Link>
          {!notFound && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
          )}
        </div>
      </div>
    </main>
  );
}

/**
 * The editor failed to draw: its unsaved work was just written to this device (keepDraftNow), and
 * opening the campaign again offers it back.
 */
export function EditorFailed() {
  return (
    <div className="card problem-card" role="alert">
      <h1>The editor stopped working</h1>
      <p className="muted">Your unsaved changes are kept on this device. Open the campaign again and choose Restore to get them back.</p>
      <div className="dialog-actions">
        <Link to={hrefs.campaigns()} className="btn">
          Back to campaigns
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Open the campaign again
        </button>
      </div>
    </div>
  );
}

function Banners({ offer, onRestore, onDiscard }: { offer: { savedAt: string } | null; onRestore: () => void; onDiscard: () => void }) {
  const reason = useEditorStore((s) => s.readOnlyReason);
  return (
    <>
      {reason && (
        <div className="editor-banner banner-info" role="status">
          <strong>Read-only.</strong> {reason}
        </div>
      )}
      {offer && !reason && (
        <div className="editor-banner banner-warning" role="region" aria-label="Unsaved changes found">
          <span>Restore unsaved changes from {fullTime(offer.savedAt)}?</span>
          <button type="button" className="btn btn-sm btn-primary" onClick={onRestore}>
            Restore
          </button>
          <button type="button" className="btn btn-sm" onClick={onDiscard}>
            Discard
          </button>
        </div>
      )}
    </>
  );
}

/** /campaigns/:id — loads the campaign into the editor store once, then the store owns the graph. */
export default function EditorPage({ campaignId }: { campaignId: string }) {
  const query = useCampaign(campaignId);
  const [openedId, setOpenedId] = useState<string | null>(null);
  const drafts = useDraftOffer(campaignId);
  // The address the campaign was opened at (`?node=`, `?start=`), read as it is shown: the campaign's
  // data may arrive after other parts of the page have rewritten the query string.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only when another campaign opens
  const opening = useMemo(() => new URLSearchParams(window.location.search), [campaignId]);

  useEffect(() => {
    // Open once per campaign: later cache updates (after saves) must not reset the canvas or its history.
    if (!query.data || openedId === campaignId || query.data.campaignId !== campaignId || query.isFetching) return;
    useEditorStore.getState().open(query.data);
    // On a phone the canvas is for looking (graph, problems, launch review), not for editing.
    if (window.matchMedia(PHONE_QUERY).matches && !useEditorStore.getState().readOnly)
      useEditorStore
        .getState()
        .setReadOnly('Editing needs a larger screen. Here you can look at the steps, their problems and the launch review.');
    // Opening writes the editor store (outside React); the page then renders the editor once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpenedId(campaignId);
    // `?node=<id>` (from the inbox): open with that step selected and centred.
    const params = opening;
    const node = params.get('node');
    if (node) useEditorStore.getState().focusElement({ nodeId: node });
    // `?start=blank` (a new campaign started blank): the Start step alone, as unsaved work.
    if (params.get('start') === BLANK_START && !useEditorStore.getState().readOnly) {
      useEditorStore.getState().loadDefinition(blankCanvas(), { label: 'Start blank', markDirty: true });
      setSearchParams({ start: null });
      return;
    }
    if (query.data.status === 'draft') drafts.check(query.data.workflow_definition);
  }, [query.data, query.isFetching, campaignId, openedId, drafts, opening]);

  useEffect(() => () => useEditorStore.getState().close(), []);

  if (query.error && openedId !== campaignId) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (openedId !== campaignId) return <EditorSkeleton />;
  return (
    <main className="editor" aria-label="Campaign editor">
      <Banners offer={drafts.offer} onRestore={drafts.restore} onDiscard={drafts.discard} />
      <ErrorBoundary fallback={() => <EditorFailed />} onError={() => keepDraftNow(campaignId)}>
        <Suspense fallback={<SkeletonBody />}>
          <EditorLayout campaignId={campaignId} />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}

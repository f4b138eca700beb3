import { Suspense } from 'react';
import { lazyPage } from '../lazy-page';
import { DOCK_TABS as TABS, dockCollapsedNow, useDock, useDockCollapsed } from './dock-store';
import './dock.css';

// The open dock (its panes: the inbox, inspiration, webhooks) is its own chunk, loaded when the dock
// opens: an editor opened with the dock as its rail does not load and run the three panes' code first.
const ExpandedDock = lazyPage(() => import('./ExpandedDock'));
if (!dockCollapsedNow()) void ExpandedDock.preload();

/** Beside the editor: Inbox / Inspiration / Webhooks in tabs, or their icon rail when collapsed. */
export default function Dock() {
  const { width, setCollapsed, setTab } = useDock();
  const collapsed = useDockCollapsed();
  if (collapsed)
    return (
      // Pointing at the rail loads the open dock's code, so opening it shows the pane at once.
      <aside
        className="dock dock-collapsed"
        aria-label="Side panel (collapsed)"
        onPointerEnter={ExpandedDock.preload}
        onFocus={ExpandedDock.preload}
      >
        <button
          type="button"
          className="icon-btn dock-toggle"
          onClick={() => setCollapsed(false)}
          aria-expanded="false"
          aria-label="Expand side panel"
          title="Expand side panel"
        >
          «
        </button>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            className="icon-btn dock-rail-tab"
            onClick={() => setTab(t.id)}
            aria-label={`Open ${t.label} in the side panel`}
            title={t.label}
          >
            <span aria-hidden="true">{t.icon}</span>
          </button>
        ))}
      </aside>
    );

  return (
    // While its code loads (once), the open dock's place is kept by a plain box.
    <Suspense fallback={<div className="dock" style={{ width }} aria-busy="true" />}>
      <ExpandedDock />
    </Suspense>
  );
}

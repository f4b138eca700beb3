import { useRef, type KeyboardEvent } from 'react';
import { Inbox, inboxHref, useDockInboxState } from '../inbox';
import { InspirationPane } from '../inspiration';
import { Link } from '../router';
import { WebhooksPane } from '../webhooks';
import { DOCK_TABS as TABS, useDock, type DockTab } from './dock-store';
import { ResizeHandle } from './ResizeHandle';
import { useToastsClearOf } from '../ui/toast-room';

// The open dock hosts the three panes: it imports each feature's public entry (index.ts) and nothing deeper.
const PANEL_ID = 'dock-panel';
const tabId = (t: DockTab) => `dock-tab-${t}`;

function DockInbox() {
  return <Inbox layout="dock" view={useDockInboxState()} />;
}

/** Full-view link of the current tab; the inbox carries the dock's filters over as a shareable URL. */
function FullViewLink({ tab }: { tab: (typeof TABS)[number] }) {
  const { filters, conversationId } = useDockInboxState();
  const to = tab.id === 'inbox' ? inboxHref(filters, conversationId) : tab.route;
  return (
    <Link to={to} className="btn btn-ghost btn-sm" aria-label={`Open ${tab.label} full view`} title="Open full view">
      ⤢
    </Link>
  );
}

/** The open dock: tabs, full-view link, the current pane; collapsible, resizable, remembered. Its own chunk (Dock.tsx). */
export default function ExpandedDock() {
  const { width, tab, setCollapsed, setTab } = useDock();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // The toasts stand beside the open dock, over the canvas, never over the card just used.
  const aside = useRef<HTMLElement>(null);
  useToastsClearOf(aside, true, 'right');
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];

  // WAI-ARIA tabs: arrows move between tabs (and select them), Home/End to the ends.
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const t = TABS[(next + TABS.length) % TABS.length];
    setTab(t.id);
    tabRefs.current[t.id]?.focus();
  };

  return (
    <aside ref={aside} className="dock" style={{ width }} aria-label="Side panel">
      <ResizeHandle controls={PANEL_ID} />
      <div className="dock-inner">
        <div className="dock-header">
          {/* The tabs themselves take focus (roving tabindex); the tablist only handles their arrow keys. */}
          {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
          <div role="tablist" aria-label="Side panel" className="dock-tabs" onKeyDown={onTabKey}>
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                id={tabId(t.id)}
                type="button"
                role="tab"
                aria-selected={t.id === tab}
                aria-controls={PANEL_ID}
                tabIndex={t.id === tab ? 0 : -1}
                className="dock-tab"
                onClick={() => setTab(t.id)}
              >
                <span aria-hidden="true">{t.icon}</span> {t.label}
              </button>
            ))}
          </div>
          <FullViewLink tab={current} />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setCollapsed(true)}
            aria-expanded="true"
            aria-controls={PANEL_ID}
            aria-label="Collapse side panel"
            title="Collapse side panel"
          >
            »
          </button>
        </div>
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(current.id)} className="dock-panel">
          {tab === 'inbox' ? <DockInbox /> : tab === 'inspiration' ? <InspirationPane layout="dock" /> : <WebhooksPane layout="dock" />}
        </div>
      </div>
    </aside>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useWorkspaces } from '../api/workspaces';
import { hrefs, routeOf } from '../boot/paths';
import { Link, useLocation } from '../router';
import { useSession } from '../session';
import { useTheme } from '../ui/theme';

// Each link is current on its own pages (the campaigns' on the editor too).
const NAV = [
  { to: hrefs.campaigns(), label: 'Campaigns', pages: ['campaigns', 'editor'] },
  { to: hrefs.audience(), label: 'Audience', pages: ['audience'] },
  { to: hrefs.inbox(), label: 'Inbox', pages: ['inbox'] },
  { to: hrefs.inspiration(), label: 'Inspiration', pages: ['inspiration'] },
  { to: hrefs.webhooks(), label: 'Webhooks', pages: ['webhooks'] },
].map(({ pages, ...item }) => ({ ...item, match: (pathname: string) => pages.includes(routeOf(pathname).page) }));

function WorkspaceSwitcher() {
  const { data: workspaces } = useWorkspaces();
  const workspaceId = useSession((s) => s.workspaceId);
  const setWorkspace = useSession((s) => s.setWorkspace);
  // A key with several workspaces needs one chosen (contract 2: workspace_required otherwise).
  useEffect(() => {
    if (!workspaces?.length) return;
    if (!workspaceId || !workspaces.some((w) => w.id === workspaceId)) setWorkspace(workspaces[0].id);
  }, [workspaces, workspaceId, setWorkspace]);
  if (!workspaces || workspaces.length < 2) return workspaces?.[0] ? <span className="workspace-name">{workspaces[0].name}</span> : null;
  return (
    <label className="workspace-switcher">
      <span className="visually-hidden">Workspace</span>
      <select className="input input-sm" value={workspaceId ?? ''} onChange={(e) => setWorkspace(e.target.value)}>
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const theme = useTheme((s) => s.theme);
  const toggleTheme = useTheme((s) => s.toggle);
  const signOut = useSession((s) => s.signOut);
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const current = NAV.find((item) => item.match(pathname));
  // The phone menu closes on a click elsewhere and on Escape, like any menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to={hrefs.campaigns()} className="brand" aria-label="Campaign Studio home">
          <span aria-hidden="true">◆</span> <span className="brand-text">Campaign Studio</span>
        </Link>
        <nav aria-label="Main" className={`topnav${menuOpen ? ' is-open' : ''}`} ref={navRef}>
          {/* On a phone the links fold behind this button (CSS shows it at PHONE_WIDTH, ui/screen.ts). */}
          <button
            type="button"
            className="btn btn-ghost btn-sm topnav-menu"
            aria-expanded={menuOpen}
            aria-controls="topnav-links"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span> {current?.label ?? 'Menu'}
          </button>
          <div id="topnav-links" className="topnav-links">
            {NAV.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="topnav-link"
                aria-current={item.match(pathname) ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {item.label}
              </Link>
            ))}
            <button type="button" className="btn btn-ghost btn-sm topnav-signout" onClick={signOut}>
              Sign out
            </button>
          </div>
        </nav>
        <div className="topbar-end">
          <WorkspaceSwitcher />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={toggleTheme}
            aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm topbar-signout" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <div id="main" className="app-main" tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}

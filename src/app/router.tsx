import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export { matchPath } from './boot/paths';

/** A tiny history-API router: the app has a handful of routes and needs nothing more. */

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => window.location.pathname + window.location.search;

/**
 * Guards can veto navigation (the editor asks before leaving unsaved work): each answers true to let
 * the navigation go on, false to stay, directly or once the user has answered a question.
 */
type NavigationGuard = () => boolean | Promise<boolean>;
const guards = new Set<NavigationGuard>();
export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** Asks every guard in turn; the first "stay" stops the navigation. */
async function guardsAllow(): Promise<boolean> {
  for (const guard of [...guards]) if (!(await guard())) return false;
  return true;
}

/** The in-app location the page shows (the address bar can run ahead of it during a browser Back). */
let shown = snapshot();

function go(to: string, replace: boolean): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  shown = snapshot();
  notify();
}

/**
 * Goes to `to` inside the app once every guard agrees (resolves true), or stays (resolves false).
 * Without guards the navigation happens at once, before the promise resolves.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): Promise<boolean> {
  if (to === snapshot()) return Promise.resolve(true);
  if (guards.size === 0) {
    go(to, Boolean(options.replace));
    return Promise.resolve(true);
  }
  return guardsAllow().then((ok) => {
    if (ok) go(to, Boolean(options.replace));
    return ok;
  });
}

// Browser Back/Forward inside the app: the address has already changed, so with a guard the page's
// own address is put back first, and the move is made again only when the guards agree.
window.addEventListener('popstate', () => {
  const target = snapshot();
  // Moving between states of the same page (its query string) leaves nothing behind: no question.
  if (guards.size === 0 || window.location.pathname === new URL(shown, window.location.origin).pathname) {
    shown = target;
    return notify();
  }
  const from = shown;
  window.history.pushState(null, '', from);
  void guardsAllow().then((ok) => {
    if (ok) go(target, false);
  });
});

/** Current path + search, re-rendering on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.searchParams, href };
}

/** Replaces the query string (filters kept in the URL) without a history entry per keystroke. */
export function setSearchParams(update: Record<string, string | null | undefined>, options: { push?: boolean } = {}): void {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(update)) {
    if (v === null || v === undefined || v === '') url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  const to = url.pathname + url.search;
  if (options.push) window.history.pushState(null, '', to);
  else window.history.replaceState(null, '', to);
  shown = to;
  notify();
}

export function Link({ to, onClick, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

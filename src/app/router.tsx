import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** A tiny history-API router: the app has a handful of routes and needs nothing more. */

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
window.addEventListener('popstate', notify);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => window.location.pathname + window.location.search;

/** Guards can veto navigation (the editor asks before leaving unsaved work). */
type NavigationGuard = () => boolean;
const guards = new Set<NavigationGuard>();
export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

export function navigate(to: string, options: { replace?: boolean } = {}): boolean {
  if (to === snapshot()) return true;
  for (const guard of guards) if (!guard()) return false;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
  return true;
}

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
  notify();
}

/** Matches `/campaigns/:id` style patterns; returns the params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const keys: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:([a-zA-Z]+)/g, (_, k: string) => (keys.push(k), '([^/]+)'))}/?$`);
  const m = re.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1])]));
}

export function Link({ to, onClick, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

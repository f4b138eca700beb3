import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './boot/stored-session';

/** Who the app talks to and as whom. Persisted in local storage; the key never goes into a URL we keep. */
interface SessionState {
  apiKey: string | null;
  /** Base URL of the server; '' = same origin. */
  baseUrl: string;
  /** Workspace id chosen in the switcher (required when the key grants several). */
  workspaceId: string | null;
  signIn(apiKey: string, baseUrl?: string): void;
  signOut(): void;
  /** The key the server refused (401): kept for the sign-in form (not persisted), so the user sees what was typed and why. */
  rejected: { apiKey: string; baseUrl: string } | null;
  /** Signs out because the server refused the key. */
  rejectKey(): void;
  setWorkspace(workspaceId: string | null): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      apiKey: null,
      baseUrl: '',
      workspaceId: null,
      signIn: (apiKey, baseUrl = '') =>
        set({ apiKey: apiKey.trim(), baseUrl: baseUrl.trim().replace(/\/+$/, ''), workspaceId: null, rejected: null }),
      signOut: () => set({ apiKey: null, workspaceId: null, rejected: null }),
      rejected: null,
      rejectKey: () =>
        set((s) => ({ apiKey: null, workspaceId: null, rejected: s.apiKey ? { apiKey: s.apiKey, baseUrl: s.baseUrl } : s.rejected })),
      setWorkspace: (workspaceId) => set({ workspaceId }),
    }),
    { name: SESSION_STORAGE_KEY, partialize: ({ apiKey, baseUrl, workspaceId }) => ({ apiKey, baseUrl, workspaceId }) },
  ),
);

/**
 * Contract 2 sign-in URL: `/#apiKey=<key>`. Store the key, then remove the fragment from the
 * address bar (and from history) so it is not shared or bookmarked by accident.
 */
export function consumeKeyFromUrl(): void {
  const match = /(?:^#|&)apiKey=([^&]+)/.exec(window.location.hash);
  if (!match) return;
  useSession.getState().signIn(decodeURIComponent(match[1]));
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** A sign-in link pasted into an already open tab changes only the fragment (no reload): sign in then too. */
export function listenForSignInLinks(): void {
  window.addEventListener('hashchange', consumeKeyFromUrl);
}

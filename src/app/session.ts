import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Who the app talks to and as whom. Persisted in local storage; the key never goes into a URL we keep. */
interface SessionState {
  apiKey: string | null;
  /** Base URL of the server; '' = same origin. */
  baseUrl: string;
  /** Workspace id chosen in the switcher (required when the key grants several). */
  workspaceId: string | null;
  signIn(apiKey: string, baseUrl?: string): void;
  signOut(): void;
  setWorkspace(workspaceId: string | null): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      apiKey: null,
      baseUrl: '',
      workspaceId: null,
      signIn: (apiKey, baseUrl = '') => set({ apiKey: apiKey.trim(), baseUrl: baseUrl.trim().replace(/\/+$/, ''), workspaceId: null }),
      signOut: () => set({ apiKey: null, workspaceId: null }),
      setWorkspace: (workspaceId) => set({ workspaceId }),
    }),
    { name: 'campaign-studio.session' },
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

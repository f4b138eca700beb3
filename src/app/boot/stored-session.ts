/** Where the session (key, server, workspace) is kept in local storage (session.ts persists it there). */
export const SESSION_STORAGE_KEY = 'campaign-studio.session';

export interface StoredSession {
  apiKey: string | null;
  baseUrl: string;
  workspaceId: string | null;
}

/** The persisted session as the app will restore it, read without the app's code (null when none or unreadable). */
export function readStoredSession(): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    const state = raw ? (JSON.parse(raw) as { state?: Partial<StoredSession> }).state : undefined;
    if (!state) return null;
    return {
      apiKey: typeof state.apiKey === 'string' ? state.apiKey : null,
      baseUrl: typeof state.baseUrl === 'string' ? state.baseUrl : '',
      workspaceId: typeof state.workspaceId === 'string' ? state.workspaceId : null,
    };
  } catch {
    return null;
  }
}

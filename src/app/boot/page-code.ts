import { routeOf } from './paths';

/**
 * The code of each page, loaded on demand (each its own chunk: React Flow loads only with the
 * editor, the inbox list only with the inbox), and which of it the page at an address needs first.
 * Only dynamic imports here: the boot script starts the opened page's loads while the app's own code
 * is still loading (App.tsx then waits for them before its first render).
 */
export const PAGE_CODE = {
  campaigns: () => import('../editor/CampaignsPage'),
  editor: () => import('../editor/EditorPage'),
  editorLayout: () => import('../editor/EditorLayout'),
  dock: () => import('../dock/Dock'),
  inbox: () => import('../inbox/InboxPage'),
  inspiration: () => import('../inspiration/InspirationPage'),
  webhooks: () => import('../webhooks/WebhooksPage'),
  audience: () => import('../audience/AudiencePage'),
};

export type PageCode = (typeof PAGE_CODE)[keyof typeof PAGE_CODE];

/** The code the page at `pathname` shows first (the editor: its page, the canvas and the dock). */
export function pageCodeFor(pathname: string): PageCode[] {
  const { page } = routeOf(pathname);
  if (page === 'editor') return [PAGE_CODE.editor, PAGE_CODE.editorLayout, PAGE_CODE.dock];
  // A page not found shows no page code: its message is part of the app's shell.
  if (page === 'not-found') return [];
  return [PAGE_CODE[page]];
}

import { matchPath, PATHS } from './paths';

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
  if (matchPath(PATHS.editor, pathname)) return [PAGE_CODE.editor, PAGE_CODE.editorLayout, PAGE_CODE.dock];
  if (matchPath(PATHS.inbox, pathname)) return [PAGE_CODE.inbox];
  if (matchPath(PATHS.inspiration, pathname)) return [PAGE_CODE.inspiration];
  if (matchPath(PATHS.webhooks, pathname)) return [PAGE_CODE.webhooks];
  if (matchPath(PATHS.audience, pathname) || matchPath(PATHS.audienceImport, pathname)) return [PAGE_CODE.audience];
  return [PAGE_CODE.campaigns];
}

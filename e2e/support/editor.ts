import { expect, type Page } from '@playwright/test';
import { draftKey } from '../../src/app/editor/save/drafts';
import { apiRequest, signIn, tool } from './session';

/** Helpers for the editor specs (e2e/editor*.spec.ts). */

export interface CampaignRecord {
  campaignId: string;
  name: string;
  status: string;
  senderAccountIds: string[];
  editingMode: string;
  updated_at: string;
  archivedAt: string | null;
  workflow_definition: { nodes: any[]; edges: any[] };
}

let counter = 0;
/** A unique campaign name per test (two workers share one server). */
export const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}-${process.pid}-${++counter}`;

/**
 * The demo workspace's LinkedIn account with a premium seat (so no text limit narrows and InMail is
 * allowed): a campaign needs a sender to be launched (contract 9.4).
 */
export async function linkedInSender(page: Page): Promise<string> {
  const { body } = await apiRequest(page, 'GET', '/api/messaging/accounts');
  const linkedIn = (body.items as { id: string; channel: string; premium: boolean }[]).filter((a) => a.channel === 'professional_network');
  return (linkedIn.find((a) => a.premium) ?? linkedIn[0]!).id;
}

/** A draft sent by the demo's LinkedIn account (pass `senderAccountIds: []` for one without senders). */
export async function createCampaign(
  page: Page,
  name: string,
  workflow_definition?: unknown,
  options: { senderAccountIds?: string[] } = {},
): Promise<CampaignRecord> {
  const senderAccountIds = options.senderAccountIds ?? [await linkedInSender(page)];
  return tool<CampaignRecord>(page, 'create-campaign', { name, senderAccountIds, ...(workflow_definition ? { workflow_definition } : {}) });
}

export const getCampaign = (page: Page, campaignId: string) => tool<CampaignRecord>(page, 'get-campaign', { campaignId });

/** Signs in straight into the editor of a campaign and waits for its canvas. */
export async function openEditor(page: Page, campaignId: string): Promise<void> {
  await signIn(page, `/campaigns/${campaignId}`);
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
}

export const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
export const saveButton = (page: Page) =>
  page.getByRole('toolbar', { name: 'Campaign editor' }).getByRole('button', { name: 'Save', exact: true });
export const problemsButton = (page: Page) => page.getByRole('button', { name: /Show problems|Hide problems/ });

/** Clicks Save and waits for the saved toast (earlier toasts are dismissed first, so it is this save's). */
export async function save(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await saveButton(page).click();
  await expect(page.getByText('Saved. The campaign stays a draft')).toBeVisible();
}

/** Drags from one handle to another (connect by dragging). */
export async function dragHandle(page: Page, from: string, to: string): Promise<void> {
  const a = await page.locator(from).boundingBox();
  const b = await page.locator(to).boundingBox();
  if (!a || !b) throw new Error(`handle not found: ${!a ? from : to}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

export const sourceHandle = (nodeId: string, handle?: string) =>
  `.react-flow__handle.source[data-nodeid="${nodeId}"]${handle ? `[data-handleid="${handle}"]` : ''}`;
export const targetHandle = (nodeId: string) => `.react-flow__handle.target[data-nodeid="${nodeId}"]`;

/** Selects an edge from the keyboard (edges are focusable; Enter selects), the way a keyboard user would. */
export async function selectEdge(page: Page, edgeId: string): Promise<void> {
  const edge = page.locator(`.react-flow__edge[data-id="${edgeId}"]`);
  await edge.focus();
  await page.keyboard.press('Enter');
  await expect(edge).toHaveClass(/selected/);
}

/** Waits for the page to draw `count` frames: an animation the last input started has begun by then, however slow the machine. */
export async function framesDrawn(page: Page, count = 3): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) =>
        (function next(left: number) {
          requestAnimationFrame(() => (left > 1 ? next(left - 1) : resolve()));
        })(n),
      ),
    count,
  );
}

/** Presses F (fit view) and waits until the fit animation has settled, so handle positions are final. */
export async function fitView(page: Page): Promise<void> {
  await page.keyboard.press('f');
  await framesDrawn(page);
  await settledViewport(page);
}

/** Waits until the editor has kept the unsaved work of a campaign in local storage (it writes it shortly after a change). */
export async function draftKept(page: Page, campaignId: string): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, draftKey(campaignId));
}

/** Waits until the canvas has not panned or zoomed for 100 ms; returns where it rests (translate and zoom). */
export async function settledViewport(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const viewport = document.querySelector('.react-flow__viewport');
        const before = viewport?.getAttribute('style');
        setTimeout(() => resolve(before === viewport?.getAttribute('style')), 100);
      }),
  );
  return page.locator('.react-flow__viewport').evaluate((el) => {
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    return { x: m.e, y: m.f, zoom: m.a };
  });
}

/**
 * The step list (palette): below 1800 px it is a rail whose "+" opens the list as a menu over the
 * canvas; this opens it when needed and returns the "Steps" region either way.
 */
export async function openStepList(page: Page) {
  const palette = page.getByRole('complementary', { name: 'Steps' });
  const add = palette.getByRole('button', { name: 'Add a step', exact: true });
  if ((await add.count()) > 0 && (await add.getAttribute('aria-expanded')) !== 'true') await add.click();
  return palette;
}

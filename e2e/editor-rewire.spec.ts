import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, fitView, openEditor, selectEdge, sourceHandle, targetHandle, uniqueName } from './support/editor';
import { expect, test, type Page } from './support/test';

/** Re-wiring a connection by dragging its end to another step: one undo step; dropped on nothing, nothing changes. */

/** The canvas's connections by id (an id names its source, output and target), sorted. */
const wires = (page: Page) =>
  page.locator('.react-flow__edge').evaluateAll((edges) => edges.map((e) => e.getAttribute('data-id') ?? '').sort());

async function dragEnd(page: Page, edgeId: string, to: { x: number; y: number }) {
  const end = page.locator(`.react-flow__edge[data-id="${edgeId}"] .react-flow__edgeupdater-target`);
  const a = await end.boundingBox();
  if (!a) throw new Error(`no end to drag on ${edgeId}`);
  // The part of the end's grip above the step (the step's own input handle covers the rest).
  await page.mouse.move(a.x + a.width / 2, a.y + 3);
  await page.mouse.down();
  await page.mouse.move((a.x + to.x) / 2, (a.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

const centre = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`not on screen: ${selector}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('drag a connection’s end to another step re-wires it; Undo puts it back; dropped on nothing it stays', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Rewire'), findTemplate('scored-follow-up')!.build());
  await openEditor(page, campaign.campaignId);
  await fitView(page);
  const edge = (id: string) => page.locator(`.react-flow__edge[data-id="${id}"]`);
  await expect(edge('e_score_not_qualified')).toHaveCount(1);
  const before = await wires(page);

  // Dropped on empty canvas: the connection stays as it was, no toast about it.
  const pane = await page.locator('.react-flow__pane').boundingBox();
  await dragEnd(page, 'e_score_not_qualified', { x: pane!.x + pane!.width - 40, y: pane!.y + 40 });
  expect(await wires(page)).toEqual(before);
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

  // Dropped on another step's input: re-wired, in one undo step, with no refusal.
  await dragEnd(page, 'e_score_not_qualified', await centre(page, targetHandle('end')));
  await expect(edge('e_score_not_qualified')).toHaveCount(0);
  await expect(page.locator('.react-flow__edge[data-id^="e_score_not_qualified_"]')).toHaveCount(1);
  const rewired = await page.locator('.react-flow__edge[data-id^="e_score_not_qualified_"]').getAttribute('data-id');
  expect(rewired).toBe('e_score_not_qualified_end');
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText(/edge|Can’t/);
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('rewired.png') });

  await page.keyboard.press('ControlOrMeta+z');
  await expect(edge('e_score_not_qualified')).toHaveCount(1);
  expect(await wires(page)).toEqual(before);
});

test('a new connection dropped on a step’s body, not only on its small input, connects it', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Drop on body'), findTemplate('connection-only')!.build());
  await openEditor(page, campaign.campaignId);
  await fitView(page);
  const noResponse = page.locator('.react-flow__edge[data-id*="no_response"]');
  await selectEdge(page, 'e_connection_request_no_response');
  await page.keyboard.press('Delete');
  await expect(noResponse).toHaveCount(0);

  const from = await centre(page, sourceHandle('connection_request', 'no_response'));
  const end = (await canvasNode(page, 'end').boundingBox())!;
  // The middle of End's body, well below its input handle.
  const to = { x: end.x + end.width / 2, y: end.y + end.height * 0.7 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await expect(noResponse).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Add a step here' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText('Can’t');
  await page.screenshot({ path: test.info().outputPath('dropped-on-body.png') });
});

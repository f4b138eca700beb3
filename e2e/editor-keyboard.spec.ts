import { expect, test } from './support/test';
import { canvasNode, createCampaign, getCampaign, openEditor, save, uniqueName } from './support/editor';

test('undo/redo: a typing burst in a form field is one step; buttons and shortcuts agree', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Undo'));
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  const form = page.getByRole('region', { name: 'Connection request' });
  const note = form.getByLabel('Message', { exact: true });
  const original = await note.inputValue();
  await note.click();
  await note.press('End');
  await note.pressSequentially(' See you soon', { delay: 20 });
  await expect(canvasNode(page, 'connection_request')).toContainText('Invite');
  await expect(page.getByRole('button', { name: 'Undo Edit Connection request · Message' })).toBeVisible();

  // Ctrl+Z inside the text field belongs to the field: leave it, then undo on the canvas.
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press('Control+z');
  await canvasNode(page, 'connection_request').click();
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(original);
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press('Control+Shift+z');
  await canvasNode(page, 'connection_request').click();
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(`${original} See you soon`);

  // Undo a deletion with the toolbar button; redo with Ctrl+Y.
  await canvasNode(page, 'connection_request').click();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'connection_request')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo Delete step' }).click();
  await expect(canvasNode(page, 'connection_request')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await page.keyboard.press('Control+y');
  await expect(canvasNode(page, 'connection_request')).toHaveCount(0);
  await page.keyboard.press('Control+z');

  // A drag is one undo step.
  const node = canvasNode(page, 'end');
  const transform = () => node.evaluate((el) => (el as HTMLElement).style.transform);
  const start = await transform();
  const before = await node.boundingBox();
  await page.mouse.move(before!.x + 60, before!.y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(before!.x + 60 - i * 8, before!.y + 20 + i * 3);
  await page.mouse.up();
  expect(await transform()).not.toBe(start);
  await expect(page.getByRole('button', { name: 'Undo Move step' })).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('button', { name: /Undo Edit Connection request/ })).toBeVisible();
  expect(await transform()).toBe(start);
});

test('copy steps in one campaign and paste them into another; duplicate with Ctrl+D', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const from = await createCampaign(page, uniqueName('Copy from'));
  const to = await createCampaign(page, uniqueName('Paste into'));
  await openEditor(page, from.campaignId);
  await canvasNode(page, 'connection_request').click();
  await canvasNode(page, 'end').click({ modifiers: ['Control'] });
  await expect(page.getByRole('heading', { name: '2 steps selected' })).toBeVisible();
  await page.keyboard.press('Control+c');

  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await page.getByRole('link', { name: to.name }).click();
  await expect(canvasNode(page, 'start')).toBeVisible();
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press('Control+v');
  await expect(canvasNode(page, 'connection_request_1')).toBeVisible();
  await expect(canvasNode(page, 'end_1')).toBeVisible();
  // The connections between the copied steps came along, remapped to the new ids.
  await expect(page.locator('.react-flow__edge[data-id^="e_connection_request_1_"]')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('editor-pasted.png') });

  await canvasNode(page, 'start').click();
  await page.keyboard.press('Control+d');
  await expect(page.locator('.react-flow__node')).toHaveCount(6);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await save(page);
  expect((await getCampaign(page, to.campaignId)).workflow_definition.nodes).toHaveLength(3);
});

test('dragging two selected steps moves both; one undo puts both back; the save sends the new positions', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Multi-drag'));
  await openEditor(page, campaign.campaignId);
  const ids = ['connection_request', 'end'];
  const transforms = () => Promise.all(ids.map((id) => canvasNode(page, id).evaluate((el) => (el as HTMLElement).style.transform)));
  const start = await transforms();
  await canvasNode(page, ids[0]!).click();
  await canvasNode(page, ids[1]!).click({ modifiers: ['Control'] });
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(2);

  const box = (await canvasNode(page, ids[1]!).boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 16);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 10, box.y + 16 + i * 4);
  // Mid-drag both steps follow the pointer (React Flow moves them; the editor commits on drop).
  const bothMoved = async () => (await transforms()).every((t, i) => t !== start[i]);
  await expect.poll(bothMoved).toBe(true);
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Undo Move steps' })).toBeVisible();
  const dropped = await transforms();
  expect(await bothMoved()).toBe(true);

  await page.keyboard.press('Control+z');
  await expect.poll(transforms).toEqual(start);
  await page.keyboard.press('Control+y');
  await expect.poll(transforms).toEqual(dropped);
  await save(page);
  const saved = await getCampaign(page, campaign.campaignId);
  const position = (id: string) => saved.workflow_definition.nodes.find((n: { id: string }) => n.id === id)!.position;
  const original = (id: string) => campaign.workflow_definition.nodes.find((n: { id: string }) => n.id === id)!.position;
  for (const id of ids) expect(position(id)).not.toEqual(original(id));
});

import { mkdirSync } from 'node:fs';
import { findTemplate } from '../src/domain/paths';
import { edge, node } from '../src/domain/testing/fixtures';
import {
  canvasNode,
  createCampaign,
  getCampaign,
  openEditor,
  openStepList,
  saveButton,
  settledViewport,
  uniqueName,
} from './support/editor';
import { signIn, tool } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * The editor's smaller touches, each as a whole capability: room beside the step form at 1024 px, a
 * deleted middle step's neighbours reconnected, the first step offered on an empty canvas, "Save and
 * leave", Shift+click and plain-word selection counts, paste clear of the original, importing the
 * saved file stays clean, toasts clear of a dialog's buttons, tools named by what they do.
 * Screenshots go to /tmp/uxe-shots to be looked at.
 */

const SHOTS = '/tmp/uxe-shots';
mkdirSync(SHOTS, { recursive: true });
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The canvas's width not covered by the step form (the form floats over its right edge or beside it). */
async function uncoveredCanvasWidth(page: Page): Promise<number> {
  const stage = await box(page, '.canvas-stage');
  const form = await box(page, '.canvas-stage > .inspector');
  return Math.min(form.x, stage.x + stage.width) - stage.x;
}

/** No button of the side panel sits under the step form (the form docks above the panel's content). */
async function expectPanelButtonsClear(page: Page, panel: string, what: string): Promise<void> {
  const form = await box(page, '.canvas-stage > .inspector');
  const buttons = page.locator(`${panel} button:visible, ${panel} [role="tab"]:visible`);
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const b = await button.boundingBox();
    if (b) expect(overlap(form, b), `${what}: "${(await button.textContent())?.trim()}" is clear of the step form`).toBe(false);
  }
}

/** Start → Delay → Connection request → End: the Delay is a middle step (one connection in, one out). */
const chain = () => ({
  nodes: [
    node('start', 'start'),
    node('wait', 'delay', { delay_type: 'days', delay_amount: 2 }, { x: 0, y: 160 }),
    node('invite', 'connection_request', {}, { x: 0, y: 320 }),
    node('end', 'end', {}, { x: 0, y: 520 }),
  ],
  edges: [edge('start', 'wait'), edge('wait', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the step form with History or the dock open leaves the canvas at least half the width; the map stays clear and moves the view', async ({
      page,
    }) => {
      const campaign = await createCampaign(page, uniqueName('Room'), findTemplate('scored-follow-up')!.build());
      await openEditor(page, campaign.campaignId);
      await canvasNode(page, 'invite').click();
      await expect(page.locator('.canvas-stage > .inspector')).toBeVisible();

      await page.getByRole('button', { name: 'History', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Saved versions' })).toBeVisible();
      expect(await uncoveredCanvasWidth(page), 'canvas beside the form and History').toBeGreaterThanOrEqual(size.width / 2);
      await expectPanelButtonsClear(page, '.power-panel', 'History');
      await expect(page.getByTestId('current-version')).toBeInViewport();
      await expectPanelButtonsClear(page, '.dock', 'the dock rail');
      const form = await box(page, '.canvas-stage > .inspector');
      const map = await box(page, '.react-flow__minimap');
      const controls = await box(page, '.react-flow__controls');
      expect(overlap(map, form), 'the map is clear of the step form').toBe(false);
      expect(overlap(map, controls), 'the map is clear of the zoom buttons').toBe(false);
      // The selected step is panned clear of the form.
      const invite = (await canvasNode(page, 'invite').boundingBox())!;
      expect(overlap(invite, form), 'the selected step is clear of the form').toBe(false);
      expect(invite.x + invite.width).toBeLessThanOrEqual((await box(page, '.canvas')).x + (await box(page, '.canvas')).width);
      await page.screenshot({ path: `${SHOTS}/room-history-${size.width}.png` });
      await page.getByRole('button', { name: 'History', exact: true }).click();

      await page.getByRole('button', { name: 'Expand side panel' }).click();
      await expect(page.getByRole('tab', { name: /Inbox/ })).toBeVisible();
      expect(await uncoveredCanvasWidth(page), 'canvas beside the form and the dock').toBeGreaterThanOrEqual(size.width / 2);
      await expectPanelButtonsClear(page, '.dock', 'the dock');
      await expectPanelButtonsClear(page, '.editor-toolbar', 'the toolbar');
      await page.screenshot({ path: `${SHOTS}/room-dock-${size.width}.png` });
      await page.getByRole('button', { name: 'Collapse side panel' }).click();

      // After a fit no step sits under the overview map; a click on the map moves the view there.
      await page.getByRole('button', { name: 'Fit the whole campaign in view' }).click();
      const before = await settledViewport(page);
      const mapNow = await box(page, '.react-flow__minimap');
      for (const step of await page.locator('.react-flow__node').all()) expect(overlap((await step.boundingBox())!, mapNow)).toBe(false);
      await page.mouse.click(mapNow.x + mapNow.width - 6, mapNow.y + mapNow.height - 6);
      const after = await settledViewport(page);
      expect(after.x !== before.x || after.y !== before.y, 'a click on the map moves the view').toBe(true);
    });

    test('in a launched campaign’s run view the step form docks on the run panel, whose buttons stay in reach', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Run room'), findTemplate('scored-follow-up')!.build());
      await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
      await openEditor(page, campaign.campaignId);
      await expect(page.getByRole('complementary', { name: 'Run' }).getByRole('button', { name: 'Pause' })).toBeVisible();
      await canvasNode(page, 'invite').click();
      await expect(page.locator('.canvas-stage > .inspector')).toBeVisible();
      expect(await uncoveredCanvasWidth(page), 'canvas beside the form and the run').toBeGreaterThanOrEqual(size.width / 2);
      await expectPanelButtonsClear(page, '.run-panel', 'the run');
      await page.screenshot({ path: `${SHOTS}/room-run-${size.width}.png` });
    });

    test('an empty canvas offers its first step', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Empty'));
      await openEditor(page, campaign.campaignId);
      await page.goto(`/campaigns/${campaign.campaignId}?start=blank`);
      await expect(page.locator('.react-flow__node')).toHaveCount(1);
      const add = page.getByRole('button', { name: 'Add the first step' });
      await expect(add).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/empty-${size.width}.png` });
      await add.click();
      const menu = page.getByRole('dialog', { name: 'Add a step here' });
      await menu.getByRole('button', { name: 'Connection request' }).click();
      await expect(page.locator('.react-flow__node')).toHaveCount(2);
      await expect(page.locator('.react-flow__edge')).toHaveCount(1);
      await expect(add).toHaveCount(0);
      const start = (await canvasNode(page, 'start').boundingBox())!;
      const added = (await page.locator('.react-flow__node').nth(1).boundingBox())!;
      expect(added.y, 'the first step goes below Start').toBeGreaterThan(start.y + start.height);
    });
  });
}

test('deleting a middle step connects its neighbours at once; Undo in the toast puts all back', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Middle'), chain());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'wait').click();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'wait')).toHaveCount(0);
  await expect(page.getByText('Deleted Delay and connected Start to Connection request.')).toBeVisible();
  await expect(page.locator('.react-flow__edge[aria-label^="Connection from Start"]')).toHaveAttribute(
    'aria-label',
    /to Connection request/,
  );
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
  await expect(canvasNode(page, 'wait')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);
  await expect(saveButton(page)).toHaveText('Saved ✓');

  // A step with two ways out leaves its neighbours alone.
  await canvasNode(page, 'invite').click();
  await page.keyboard.press('Delete');
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await expect(page.getByText(/connected .* to End/)).toHaveCount(0);
});

test.describe('leaving with unsaved changes', () => {
  const leaveDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

  test('Save and leave saves, then goes', async ({ page }) => {
    const campaign = await createCampaign(page, uniqueName('Save and leave'), chain());
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'wait').click();
    await page.getByRole('region', { name: 'Delay' }).getByLabel('Step name').fill('Pause');
    await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    await expect(leaveDialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/leave-dialog.png` });
    await leaveDialog(page).getByRole('button', { name: 'Save and leave' }).click();
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    const saved = await getCampaign(page, campaign.campaignId);
    expect(saved.workflow_definition.nodes.find((n) => n.id === 'wait').data.name).toBe('Pause');
  });

  test('a save refused by problems stays and says why', async ({ page }) => {
    const campaign = await createCampaign(page, uniqueName('Refused'), chain());
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'wait').click();
    await page.keyboard.press('Delete');
    // Start now leads nowhere: undo the reconnection only, keeping the step deleted.
    await page.locator('.react-flow__edge[aria-label^="Connection from Start"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Save and leave' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText(/^Fix \d+ errors? before saving \(see Problems\)$/),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.campaignId}$`));
    await expect(page.locator('#problems-panel').getByText('Connect Start to the first step')).toBeVisible();
    await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  });
});

test('Shift+click adds a step to the selection, counted as steps; a drag from the canvas highlights no page text', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Select'), chain());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'wait').click();
  await canvasNode(page, 'invite').click({ modifiers: ['Shift'] });
  await canvasNode(page, 'end').click({ modifiers: ['Shift'] });
  await expect(page.getByRole('heading', { name: '3 steps selected' })).toBeVisible();
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(3);

  // A selection box drawn from the empty canvas out across the step list and the toolbar's name: nothing of the page gets highlighted.
  const pane = await box(page, '.react-flow__pane');
  const title = await box(page, '.editor-toolbar h1');
  await page.keyboard.down('Shift');
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height - 30);
  await page.mouse.down();
  await page.mouse.move(pane.x + 20, pane.y + 20, { steps: 8 });
  await page.mouse.move(title.x + 4, title.y + title.height / 2, { steps: 8 });
  const userSelect = () => page.evaluate(() => getComputedStyle(document.body).userSelect);
  expect(await userSelect(), 'page text cannot be selected while the press lasts').toBe('none');
  await page.mouse.move(0, 0, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  expect(await userSelect(), 'text is selectable again once released').not.toBe('none');
});

test('a pasted step lands clear of the original and every other step, in view', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const campaign = await createCampaign(page, uniqueName('Paste'), chain());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'invite').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  const pasted = canvasNode(page, 'connection_request_1');
  await expect(pasted).toBeVisible();
  await settledViewport(page);
  const landed = (await pasted.boundingBox())!;
  for (const id of ['start', 'wait', 'invite', 'end']) expect(overlap(landed, (await canvasNode(page, id).boundingBox())!), id).toBe(false);
  const pane = await box(page, '.react-flow');
  expect(landed.x >= pane.x && landed.x + landed.width <= pane.x + pane.width, 'in view across').toBe(true);
  expect(landed.y >= pane.y && landed.y + landed.height <= pane.y + pane.height, 'in view down').toBe(true);
});

test('toasts stand clear of an open dialog’s buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const campaign = await createCampaign(page, uniqueName('Toasts'), chain());
  await openEditor(page, campaign.campaignId);
  // A toast (the saved note), then a dialog opened while it stands.
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved. The campaign stays a draft')).toBeVisible();
  await page.getByRole('button', { name: 'Export / import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export or import the workflow' });
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.locator('.toast').first()).toBeVisible();
  const stack = (await toasts.boundingBox())!;
  for (const button of await dialog.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    expect(overlap(stack, (await button.boundingBox())!), `${await button.textContent()} is clear of the toasts`).toBe(false);
  }
  await page.screenshot({ path: `${SHOTS}/toasts-dialog.png` });
});

test('importing the file just exported leaves nothing unsaved', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Import clean'), chain());
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Export / import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export or import the workflow' });
  const json = await dialog.getByTestId('export-json').inputValue();
  await dialog.getByRole('tab', { name: 'Import' }).click();
  await dialog.getByLabel('Or paste JSON').fill(json);
  await dialog.getByRole('button', { name: 'Import onto the canvas' }).click();
  await expect(page.getByText('Imported: the file holds the campaign as saved, so nothing is unsaved.')).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  await expect(saveButton(page)).toHaveText('Saved ✓');
});

test('numbered tools are named by what they do in the step list', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Tools'));
  await signIn(page, `/campaigns/${campaign.campaignId}`);
  const list = await openStepList(page);
  await list.getByLabel('Search steps').fill('email');
  await expect(list.getByRole('button', { name: /^Find email from name and company/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Find and verify work email/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Email finder \d/ })).toHaveCount(0);
  await list.getByLabel('Search steps').fill('AI');
  await expect(list.getByRole('button', { name: /^Write with AI/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /LLM processor/ })).toHaveCount(0);
});

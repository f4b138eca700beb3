import { expect, test } from './support/test';
import { tool } from './support/session';
import { canvasNode, createCampaign, draftKept, getCampaign, openEditor, save, saveButton, selectEdge, uniqueName } from './support/editor';

async function setWait(page: import('@playwright/test').Page, days: string) {
  await canvasNode(page, 'connection_request').click();
  await page
    .getByRole('region', { name: 'Connection request' })
    .getByLabel(/Wait for acceptance/)
    .fill(days);
}

test('a save from a second browser makes mine stale: the merge dialog asks about the field we both changed; keep mine saves both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // two browsers and two saves: slow on a shared machine
  const campaign = await createCampaign(page, uniqueName('Conflict'));
  await openEditor(page, campaign.campaignId);
  // My edit comes first: with unsaved edits, the other save is not taken in live (contract 8.5), it conflicts.
  await setWait(page, '4');

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openEditor(page2, campaign.campaignId);
  await setWait(page2, '9');
  await save(page2);
  await other.close();

  // Insert a withdrawal on the no-response connection with its + button.
  await selectEdge(page, 'e_connection_request_no_response');
  await page.getByRole('button', { name: 'Insert a step on this connection' }).click();
  await page.getByRole('dialog', { name: 'Insert a step' }).getByRole('button', { name: 'Withdraw invitation' }).click();
  await expect(canvasNode(page, 'cancel_invitation_1')).toBeVisible();
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Someone else saved this campaign' });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole('listitem').filter({ hasText: 'Connection request · Wait for acceptance' });
  await expect(row.locator('.merge-values')).toHaveText(/Before\s*14 days\s*→\s*Theirs\s*9 days\s*\/\s*Yours\s*4 days/);
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('editor-conflict.png') });

  await dialog.getByRole('button', { name: 'Keep all mine' }).click();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Saved. The campaign stays a draft')).toBeVisible();
  const stored = await getCampaign(page, campaign.campaignId);
  expect(stored.workflow_definition.nodes.find((n: { id: string }) => n.id === 'connection_request').data.wait_for_response_days).toBe(4);
  expect(stored.workflow_definition.nodes.some((n: { id: string }) => n.id === 'cancel_invitation_1')).toBe(true);
});

test('on a conflict, loading the saved version replaces my canvas with the server graph', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Conflict load'));
  await openEditor(page, campaign.campaignId);
  await setWait(page, '2');
  // Someone (an API client) saves meanwhile, while I have unsaved edits.
  const def = structuredClone(campaign.workflow_definition);
  def.nodes.find((n: { id: string }) => n.id === 'connection_request').data.wait_for_response_days = 21;
  await tool(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: def,
  });

  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Someone else saved this campaign' });
  await expect(dialog.getByRole('listitem')).toContainText('Connection request · Wait for acceptance');
  await dialog.getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await dialog.getByRole('button', { name: 'Yes, discard my changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 21 days');
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
});

test('an active campaign opens read-only with a banner saying why', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Live'));
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
  await openEditor(page, campaign.campaignId);
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  await expect(page.getByText(/This campaign is running/).first()).toBeVisible();
  // The run view edits nothing: no Save, no step palette.
  await expect(saveButton(page)).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Steps' })).toHaveCount(0);
  await canvasNode(page, 'connection_request').click();
  await expect(page.getByRole('region', { name: 'Connection request' }).getByLabel(/Wait for acceptance/)).toBeDisabled();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'connection_request')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-read-only.png') });
});

test('a campaign launched while I edit: the editor switches to read-only at once, my edits kept', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Launched meanwhile'));
  await openEditor(page, campaign.campaignId);
  await setWait(page, '3');
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
  // Contract 8.5: the launch arrives live; no save attempt is needed to find out.
  await expect(page.getByText(/this campaign is running/i).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Change saved elsewhere' })).toContainText('your unsaved edits are kept in this browser');
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);
});

test('unsaved work survives a reload and is offered back', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Crash'));
  await openEditor(page, campaign.campaignId);
  await setWait(page, '11');
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 11 days');
  await draftKept(page, campaign.campaignId);
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  const offer = page.getByRole('region', { name: 'Unsaved changes found' });
  await expect(offer).toContainText('Restore unsaved changes from');
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 14 days');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 11 days');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await save(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Unsaved changes found' })).toHaveCount(0);
});

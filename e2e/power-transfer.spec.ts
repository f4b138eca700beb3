import { expect, test, type Page } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, getCampaign, openEditor, problemsButton, save, saveButton, uniqueName } from './support/editor';

/** Export the canvas as workflow_definition JSON; import from paste or file, validated before any save. */

const transferDialog = (page: Page) => page.getByRole('dialog', { name: 'Export or import the workflow' });

async function exportedJson(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export / import' }).click();
  const dialog = transferDialog(page);
  const text = await dialog.getByTestId('export-json').inputValue();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download file' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.workflow\.json$/);
  await dialog.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await page.keyboard.press('Escape');
  return text;
}

test('export → import round-trips the graph (paste and file)', async ({ page }) => {
  const original = findTemplate('scored-follow-up')!.build();
  const campaign = await createCampaign(page, uniqueName('Round trip'), original);
  await openEditor(page, campaign.campaignId);
  const json = await exportedJson(page);
  expect(JSON.parse(json)).toEqual(original);

  // Change the canvas, then paste the export back.
  await canvasNode(page, 'withdraw').click();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'withdraw')).toHaveCount(0);
  await page.getByRole('button', { name: 'Export / import' }).click();
  await transferDialog(page).getByRole('tab', { name: 'Import' }).click();
  await transferDialog(page).getByLabel('Or paste JSON').fill(json);
  await transferDialog(page).getByRole('button', { name: 'Import onto the canvas' }).click();
  // The file holds the saved campaign: back on the canvas, nothing is left unsaved.
  await expect(page.getByText('Imported: the file holds the campaign as saved, so nothing is unsaved.')).toBeVisible();
  await expect(canvasNode(page, 'withdraw')).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  await expect(saveButton(page)).toHaveText('Saved ✓');
  expect((await getCampaign(page, campaign.campaignId)).workflow_definition).toEqual(original);

  // A file works the same way.
  const other = findTemplate('inmail-fallback')!.build();
  await page.getByRole('button', { name: 'Export / import' }).click();
  await transferDialog(page).getByRole('tab', { name: 'Import' }).click();
  await transferDialog(page)
    .getByTestId('import-file')
    .setInputFiles({ name: 'inmail.workflow.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) });
  await expect(transferDialog(page).getByText('inmail.workflow.json')).toBeVisible();
  await transferDialog(page).getByRole('button', { name: 'Import onto the canvas' }).click();
  await expect(canvasNode(page, 'inmail')).toBeVisible();
  await save(page);
  expect((await getCampaign(page, campaign.campaignId)).workflow_definition).toEqual(other);
});

test('an invalid import changes nothing, and a graph with problems shows them before any save', async ({ page }) => {
  const original = findTemplate('connection-only')!.build();
  const campaign = await createCampaign(page, uniqueName('Bad import'), original);
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Export / import' }).click();
  const dialog = transferDialog(page);
  await dialog.getByRole('tab', { name: 'Import' }).click();
  await dialog.getByLabel('Or paste JSON').fill('{"nodes": [');
  await dialog.getByRole('button', { name: 'Import onto the canvas' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This is not valid JSON');
  await expect(dialog.getByRole('alert')).toContainText('Nothing was changed.');
  await dialog.getByLabel('Or paste JSON').fill('{"steps": []}');
  await dialog.getByRole('button', { name: 'Import onto the canvas' }).click();
  await expect(dialog.getByRole('alert')).toContainText('not an exported campaign');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

  // Valid JSON, broken graph: no_response unconnected and a misspelt withdrawal type.
  const broken = structuredClone(original);
  broken.edges = broken.edges.filter((e) => e.sourceHandle !== 'no_response');
  broken.nodes.push({ id: 'withdraw', type: 'cancel_connection_request', position: { x: 300, y: 300 }, data: {} });
  await page.getByRole('button', { name: 'Export / import' }).click();
  await dialog.getByRole('tab', { name: 'Import' }).click();
  await dialog.getByLabel('Or paste JSON').fill(JSON.stringify(broken));
  await dialog.getByRole('button', { name: 'Import onto the canvas' }).click();
  await expect(page.getByText(/Imported as unsaved changes, with \d+ problems to fix/)).toBeVisible();
  await expect(canvasNode(page, 'withdraw')).toBeVisible();
  await expect(page.getByRole('button', { name: /^[1-9]\d* errors?, \d+ warnings?\. Show problems/ })).toBeVisible();
  await problemsButton(page).click();
  await expect(page.locator('#problems-panel').getByText(/use “cancel_invitation” instead/)).toBeVisible();
  const after = await getCampaign(page, campaign.campaignId);
  expect(after.updated_at).toBe(campaign.updated_at);
  expect(after.workflow_definition).toEqual(original);
});

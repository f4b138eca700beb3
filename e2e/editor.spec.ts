import { expect, test } from '@playwright/test';
import { signIn } from './support/session';
import { canvasNode, getCampaign, uniqueName } from './support/editor';

test('create a campaign from the list and open it in the editor', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  const name = uniqueName('Founders outreach');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(canvasNode(page, 'start')).toBeVisible();
  await expect(canvasNode(page, 'connection_request')).toContainText('Connection request');
  await expect(canvasNode(page, 'connection_request')).toContainText('Accepted');
  await expect(page.getByRole('button', { name: /0 errors, 0 warnings|No problems/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-new-campaign.png') });
  const id = page.url().split('/').pop()!;
  const saved = await getCampaign(page, id);
  expect(saved.workflow_definition.nodes).toHaveLength(3);
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
});

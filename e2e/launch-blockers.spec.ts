import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, openEditor, save, uniqueName } from './support/editor';
import { expect, test } from './support/test';

/** A wrong-case placeholder blocks the launch with its fix named, the same on the step, in Problems and in the review. */

test('{{Company}} is a launch-blocking problem with the fix, on the step, in Problems and in the review', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Wrong case'), findTemplate('connection-only')!.build());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  const form = page.getByRole('region', { name: 'Connection request' });
  await form.getByLabel('Message', { exact: true }).fill('Hi {{firstName}} at {{Company}}');
  const problem = /has a placeholder in the wrong case, which prospects would get as written: \{\{Company\}\} → \{\{company\}\}/;
  await expect(form.getByText(problem)).toBeVisible();
  await expect(canvasNode(page, 'connection_request').locator('.node-badge-warning')).toBeVisible();
  await page.getByRole('button', { name: /Show problems/ }).click();
  await expect(page.locator('#problems-panel').getByText(problem)).toBeVisible();
  await save(page);
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByText(problem)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Launch now' })).toBeDisabled();
});

import { findTemplate } from '../src/domain/paths';
import { edge, node } from '../src/domain/testing/fixtures';
import { canvasNode, createCampaign, openEditor, save, uniqueName } from './support/editor';
import { expect, test } from './support/test';

/**
 * A wrong-case placeholder and a Delay without a duration block the launch with their fix named, the
 * same on the step, in Problems and in the review.
 */

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

test('a Delay without a duration is a launch-blocking problem, the same on the step, in Problems and in the review', async ({ page }) => {
  const graph = {
    nodes: [
      node('start', 'start'),
      // No amount (the catalog's default would give one): JSON leaves the undefined field out.
      node('wait', 'delay', { delay_type: 'days', delay_amount: undefined }, { x: 0, y: 160 }),
      node('invite', 'connection_request', {}, { x: 0, y: 320 }),
      node('end', 'end', {}, { x: 0, y: 520 }),
    ],
    edges: [edge('start', 'wait'), edge('wait', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
  };
  const campaign = await createCampaign(page, uniqueName('No duration'), graph);
  await openEditor(page, campaign.campaignId);
  const problem = 'Delay has no duration: set how long it waits';
  await expect(canvasNode(page, 'wait').locator('.node-badge-warning')).toBeVisible();
  await page.getByRole('button', { name: /Show problems/ }).click();
  await expect(page.locator('#problems-panel').getByText(problem)).toBeVisible();
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByText(problem)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Launch now' })).toBeDisabled();
  await review.getByRole('button', { name: 'Cancel' }).click();

  // Setting the duration clears it everywhere.
  await canvasNode(page, 'wait').click();
  await page.getByRole('region', { name: 'Delay' }).getByLabel('Amount').fill('2');
  await expect(page.locator('#problems-panel').getByText(problem)).toHaveCount(0);
  await expect(canvasNode(page, 'wait').locator('.node-badge-warning')).toHaveCount(0);
});

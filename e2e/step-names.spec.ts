import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, openEditor, save, uniqueName } from './support/editor';
import { expect, test } from './support/test';

/** A step's own name: given in its form, the same on the canvas, in Problems, the launch review and the history. */

test('a step named in its form is called that on the canvas, in Problems, in the review and in the history', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Names'), findTemplate('scored-follow-up')!.build());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'follow_up').click();
  const form = page.getByRole('region', { name: 'Message' });
  await form.getByLabel('Step name').fill('Gentle nudge');
  await expect(canvasNode(page, 'follow_up').locator('.wf-node-label')).toHaveText('Gentle nudge');
  await expect(page.getByRole('region', { name: 'Gentle nudge' })).toBeVisible();

  // A problem on the step names it by its name (a note over the network's limit).
  await page.getByRole('region', { name: 'Gentle nudge' }).getByLabel('Message', { exact: true }).fill('x'.repeat(3001));
  await page.getByRole('button', { name: /Show problems/ }).click();
  const panel = page.locator('#problems-panel');
  await expect(panel.getByRole('heading', { name: 'Gentle nudge' })).toBeVisible();
  await expect(panel.getByText(/The message of Gentle nudge has 3001 characters/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('step-name.png') });
  await save(page);

  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByText(/The message of Gentle nudge has 3001 characters/)).toBeVisible();
  await review.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'Saved versions' });
  await history.getByTestId('version-row').first().click();
  await expect(history.getByText('Gentle nudge: Message and Step name changed')).toBeVisible();
  await expect(history).not.toContainText(/follow_up|message_template|settings \(/);
});

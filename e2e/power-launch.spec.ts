import { expect, test, type Page } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { demoAccounts } from './inbox-data';
import { canvasNode, createCampaign, getCampaign, openEditor, save, saveButton, uniqueName, type CampaignRecord } from './support/editor';
import { apiRequest, tool } from './support/session';

/** Launch review (spec 3.1, 5): inspect the saved graph, launch it with one click and the reviewed updated_at. */

const reviewDialog = (page: Page) => page.getByRole('dialog', { name: 'Review and launch' });

test('launch review shows the saved paths and sends, then launches and the editor turns read-only @smoke', async ({ page }) => {
  const name = uniqueName('Launch review');
  const campaign = await createCampaign(page, name, findTemplate('scored-follow-up')!.build());
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog.getByTestId('review-path')).toHaveCount(5);
  await expect(dialog.getByTestId('review-path').first()).toContainText('If the ICP score is ≥ 70: invite with a note');
  await expect(dialog.getByTestId('review-path').last()).toContainText('If the ICP score is < 70: end');
  await expect(dialog.getByRole('heading', { name: 'What will be sent' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: /Connection request/ })).toBeVisible();
  await expect(dialog.getByText(`Launching starts ${name} for its prospects`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Launch now' }).click();
  await expect(page.getByText(`“${name}” is launched`)).toBeVisible();
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review & launch' })).toHaveCount(0);
  expect((await getCampaign(page, campaign.campaignId)).status).toBe('active');
});

test('a save between opening the review and confirming is refused as stale, and the review reloads', async ({ page }) => {
  const name = uniqueName('Stale launch');
  const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build());
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog.getByTestId('review-path')).toHaveCount(2);

  // Someone else saves a different graph meanwhile.
  const changed = findTemplate('connection-only')!.build();
  changed.nodes[1]!.data.message_template = 'Hello {{firstName}}, changed elsewhere.';
  await tool(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: changed,
  });

  await dialog.getByRole('button', { name: 'Launch now' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'saved again after this review was opened' })).toBeVisible();
  await expect(dialog.getByTestId('review-path').first()).toContainText('Hello {{firstName}}, changed elsewh');
  expect((await getCampaign(page, campaign.campaignId)).status).toBe('draft');

  // The reloaded review can be confirmed again: it now carries the new updated_at.
  await dialog.getByRole('button', { name: 'Launch now' }).click();
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).status).toBe('active');
});

test('unsaved changes block the review until they are saved or undone', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Dirty launch'), findTemplate('connection-only')!.build());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'end').click();
  await page.keyboard.press('Delete');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog.getByText('You have unsaved changes.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Launch now' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(dialog).toHaveCount(0);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`a too-long connection note warns on the step, in the problems panel and under the field, saves, and blocks Launch (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = uniqueName('Long note');
    const campaign = await createCampaign(page, name);
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'connection_request').click();
    const form = page.getByRole('region', { name: 'Connection request' });
    await form.getByLabel('Message', { exact: true }).fill('x'.repeat(348));

    // Contract 8.6: one validator result, three surfaces; a warning, so saving stays allowed.
    const warning = /connection note of Connection request has 348 characters: the network accepts at most 300/;
    await expect(form.getByText(warning)).toBeVisible();
    await expect(canvasNode(page, 'connection_request').locator('.node-badge-warning')).toBeVisible();
    await page.getByRole('button', { name: /Show problems/ }).click();
    const panel = page.locator('#problems-panel');
    await expect(panel.getByText(warning)).toBeVisible();
    await expect(panel).not.toContainText(/rule \d/);
    await page.screenshot({ path: test.info().outputPath(`long-note-${viewport.width}.png`) });
    await expect(saveButton(page)).toBeEnabled();
    await save(page);

    await page.getByRole('button', { name: 'Review & launch' }).click();
    const dialog = reviewDialog(page);
    await expect(dialog.getByText(warning)).toBeVisible();
    await expect(dialog.getByText('Fix the problems above, save, and review again to launch.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Launch now' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`long-note-review-${viewport.width}.png`) });
    expect((await getCampaign(page, campaign.campaignId)).status).toBe('draft');
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`the launch review forecasts when the audience finishes, from the campaign's senders (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const accounts = await demoAccounts(page);
    // The second LinkedIn sender, set to 20 invitations a day and 100 a week: other files raise the first
    // one's limits for their runs, and either may be the demo's moving-run sender, which has room for 400
    // a day (demo/run.ts; both demo accounts are made in one transaction, so their order is their ids').
    const senders = [accounts.linkedin2 ?? accounts.linkedin];
    const limited = await apiRequest(page, 'PATCH', `/api/messaging/accounts/${senders[0]}`, {
      dailyLimits: { connection_request: 20 },
      weeklyLimits: { connection_request: 100 },
    });
    expect(limited.status).toBe(200);
    const campaign = await tool<CampaignRecord>(page, 'create-campaign', {
      name: uniqueName('Forecast'),
      workflow_definition: findTemplate('scored-follow-up')!.build(),
      senderAccountIds: senders,
    });
    await openEditor(page, campaign.campaignId);
    await page.getByRole('button', { name: 'Review & launch' }).click();
    const dialog = reviewDialog(page);
    const sentence = dialog.getByTestId('review-forecast');
    const who = senders.length === 1 ? 'With 1 sender' : `With ${senders.length} senders`;
    await expect(sentence).toHaveText(
      new RegExp(
        `^${who} at 20 invitations a day and 100 a week, 100 prospects finish by \\d{1,2} \\w{3}( \\d{4})?; the invitation limit is the bottleneck\\.$`,
      ),
    );
    const audience = dialog.getByLabel('Prospects you will enroll');
    await audience.fill('1000');
    await expect(sentence).toContainText('1,000 prospects finish by');
    await sentence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`launch-forecast-${viewport.width}.png`) });
    await audience.fill('0');
    await expect(dialog.getByText('Enter a whole number of prospects from 1 to 100,000.')).toBeVisible();
  });
}

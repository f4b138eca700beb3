import { findTemplate } from '../src/domain/paths';
import { createCampaign, getCampaign, linkedInSender, openEditor, uniqueName } from './support/editor';
import { apiRequest, signIn, tool } from './support/session';
import { expect, test, type Page } from './support/test';

/** A campaign's life from the campaigns list and the editor: rename, senders, duplicate, delete with undo, launch. */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const rowAction = async (page: Page, name: string, action: string) => {
  await row(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await row(page, name).getByRole('button', { name: action }).click();
};

test('rename, duplicate a running campaign as a draft, and delete a draft with Undo', async ({ page }) => {
  const name = uniqueName('Life');
  const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build());
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
  await signIn(page, '/');
  await expect(row(page, name).getByText('Running', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/Made with|Simple step list|Easy mode|\bactive\b/);

  // Rename (any status): the settings dialog, its name field focused.
  const renamed = `${name} renamed`;
  await rowAction(page, name, 'Rename…');
  const settings = page.getByRole('dialog', { name: 'Campaign settings' });
  await expect(settings.getByLabel('Campaign name')).toBeFocused();
  await settings.getByLabel('Campaign name').fill(renamed);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(row(page, renamed)).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).name).toBe(renamed);

  // Duplicate: a running campaign's copy is a draft, opened in the editor, editable.
  await rowAction(page, renamed, 'Duplicate as a draft…');
  // Asked first: with or without its prospects.
  await page
    .getByRole('alertdialog', { name: `Duplicate “${renamed}”?` })
    .getByRole('button', { name: 'Without prospects' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `${renamed} (copy)` })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Campaign editor' }).getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByText('Read-only.', { exact: true })).toHaveCount(0);

  // Delete the draft copy: gone at once, back with Undo; gone for good when the toast leaves.
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  const copy = `${renamed} (copy)`;
  await expect(row(page, renamed).getByRole('button', { name: `Actions for ${renamed}` })).toBeVisible();
  await row(page, renamed)
    .getByRole('button', { name: `Actions for ${renamed}` })
    .click();
  await expect(row(page, renamed).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await rowAction(page, copy, 'Delete');
  await expect(row(page, copy)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, copy)).toBeVisible();
  await rowAction(page, copy, 'Delete');
  await expect(row(page, copy)).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText(`Deleted “${copy}”.`)
    .locator('..')
    .getByRole('button', { name: 'Dismiss notification' })
    .click();
  await expect
    .poll(async () =>
      (await tool<{ items: { name: string }[] }>(page, 'list-campaigns', { view: 'summary', limit: 100 })).items.map((c) => c.name),
    )
    .not.toContain(copy);
  await page.reload();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, copy)).toHaveCount(0);
});

test('start blank: the new campaign opens on a canvas with only Start, saying how to add the first step', async ({ page }) => {
  const name = uniqueName('Blank');
  await signIn(page, '/');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel('Campaign name').fill(name);
  await dialog.getByTestId('template-blank').click();
  await page.screenshot({ path: test.info().outputPath('new-campaign-blank.png') });
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(1);
  await expect(page.locator('.react-flow__node[data-id="start"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add the first step' })).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.screenshot({ path: test.info().outputPath('blank-canvas.png') });
});

test('a campaign without a sender cannot be launched until one is added in the editor', async ({ page }) => {
  const name = uniqueName('No sender');
  const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build(), { senderAccountIds: [] });
  await openEditor(page, campaign.campaignId);
  const toolbar = page.getByRole('toolbar', { name: 'Campaign editor' });
  await expect(toolbar.getByRole('button', { name: 'No sender', exact: true })).toBeVisible();

  // The same warning in Problems and in the review, where it blocks the launch.
  await page.getByRole('button', { name: /Show problems/ }).click();
  const noSender = /Nothing can be sent: add a LinkedIn account to the campaign's senders before launch/;
  await expect(page.locator('#problems-panel').getByText(noSender)).toBeVisible();
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByText(noSender)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Launch now' })).toBeDisabled();
  await review.getByRole('button', { name: 'Cancel' }).click();

  // Add the LinkedIn sender: the warning goes, and one click launches.
  await toolbar.getByRole('button', { name: 'No sender', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Campaign settings' });
  const sender = await linkedInSender(page);
  const { body } = await apiRequest(page, 'GET', '/api/messaging/accounts');
  const senderName = (body.items as { id: string; name: string }[]).find((a) => a.id === sender)!.name;
  await settings.getByRole('checkbox', { name: senderName }).check();
  await page.screenshot({ path: test.info().outputPath('settings-dialog.png') });
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(toolbar.getByRole('button', { name: '1 sender', exact: true })).toBeVisible();
  await expect(page.locator('#problems-panel').getByText(noSender)).toHaveCount(0);
  expect((await getCampaign(page, campaign.campaignId)).senderAccountIds).toEqual([sender]);

  await page.getByRole('button', { name: 'Review & launch' }).click();
  await review.getByRole('button', { name: 'Launch now' }).click();
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  await expect(toolbar.getByText('Running', { exact: true })).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).status).toBe('active');
});

test('a sender removed in the editor is gone from the campaign, and the launch is blocked again', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Remove sender'), findTemplate('connection-only')!.build());
  await openEditor(page, campaign.campaignId);
  const toolbar = page.getByRole('toolbar', { name: 'Campaign editor' });
  await toolbar.getByRole('button', { name: '1 sender', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Campaign settings' });
  const { body } = await apiRequest(page, 'GET', '/api/messaging/accounts');
  const senderName = (body.items as { id: string; name: string }[]).find((a) => a.id === campaign.senderAccountIds[0])!.name;
  await settings.getByRole('checkbox', { name: senderName }).uncheck();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(toolbar.getByRole('button', { name: 'No sender', exact: true })).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).senderAccountIds).toEqual([]);
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByText(/Nothing can be sent: add a LinkedIn account/)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Launch now' })).toBeDisabled();
});

for (const viewport of VIEWPORTS) {
  test(`the campaigns list and the editor's title at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const name = uniqueName('Look');
    const campaign = await createCampaign(page, name, findTemplate('scored-follow-up')!.build(), { senderAccountIds: [] });
    await signIn(page, '/');
    await row(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await expect(row(page, name).getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`campaigns-${viewport.width}.png`) });
    await openEditor(page, campaign.campaignId);
    await expect(page.getByRole('button', { name: 'No sender', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}.png`) });
  });
}

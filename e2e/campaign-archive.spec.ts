import { findTemplate } from '../src/domain/paths';
import { createCampaign, getCampaign, uniqueName } from './support/editor';
import { apiRequest, signIn, tool } from './support/session';
import { expect, test, type Page } from './support/test';

/** Archiving a campaign (contract 4): out of the everyday list, found under "Show archived", restored from there, Undo both ways. */

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const rowAction = async (page: Page, name: string, action: string) => {
  await row(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await row(page, name).getByRole('button', { name: action, exact: true }).click();
};

test('archive a finished campaign, undo, archive again, find it in the archive and restore it', async ({ page }) => {
  const name = uniqueName('Archive me');
  const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build());
  await signIn(page, '/');

  await rowAction(page, name, 'Archive');
  await expect(row(page, name)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Archived “${name}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, name)).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).archivedAt).toBeNull();

  await rowAction(page, name, 'Archive');
  await expect(row(page, name)).toHaveCount(0);
  expect((await getCampaign(page, campaign.campaignId)).archivedAt).toBeTruthy();

  await page.getByRole('button', { name: 'Show archived' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Archived campaigns' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('archived')).toBe('1');
  await expect(row(page, name)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('archive.png') });

  await rowAction(page, name, 'Restore from archive');
  await expect(row(page, name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to campaigns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(row(page, name)).toBeVisible();
  expect((await getCampaign(page, campaign.campaignId)).archivedAt).toBeNull();
});

test('a running campaign offers no Archive; paused, it does', async ({ page }) => {
  const name = uniqueName('Running');
  const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build());
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
  await signIn(page, '/');
  await row(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await expect(row(page, name).getByRole('button', { name: 'Duplicate as a draft…' })).toBeVisible();
  await expect(row(page, name).getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/pause`, {})).status).toBe(200);
  await page.reload();
  await rowAction(page, name, 'Archive');
  await expect(row(page, name)).toHaveCount(0);
  expect((await getCampaign(page, campaign.campaignId)).archivedAt).toBeTruthy();
});

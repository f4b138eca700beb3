import { expect, test } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { demoAccounts } from './inbox-data';
import { openEditor, uniqueName, type CampaignRecord } from './support/editor';
import { apiRequest, tool } from './support/session';

/**
 * Contract 9.5 run view: a launched campaign with enrolled prospects opens on its run — step counts on
 * the canvas, the side panel (counts, funnel, senders' day, forecast), its prospects — at three sizes.
 */

test('a launched campaign opens in its run view, read from the API', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const accounts = await demoAccounts(page);
  const name = uniqueName('Run view');
  const campaign = await tool<CampaignRecord>(page, 'create-campaign', {
    name,
    workflow_definition: findTemplate('connection-only')!.build(),
    senderAccountIds: [accounts.linkedin],
  });
  const tag = name.replace(/\W+/g, '-').toLowerCase();
  const prospects = Array.from({ length: 20 }, (_, i) => ({
    profileUrl: `https://www.linkedin.com/in/${tag}-${i}`,
    name: `Prospect ${i + 1}`,
  }));
  expect((await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects })).status).toBe(200);
  const listed = await apiRequest(page, 'GET', `/api/v1/prospects?limit=50&search=${tag}`);
  const prospectIds = (listed.body.items as { prospectId: string }[]).map((p) => p.prospectId);
  expect(prospectIds).toHaveLength(20);
  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds })).status).toBe(200);
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });

  await openEditor(page, campaign.campaignId);
  const panel = page.getByRole('complementary', { name: 'Run' });
  await expect(panel.getByRole('heading', { name: 'Funnel' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Funnel' })).toContainText('Enrolled20');
  await expect(panel.getByRole('heading', { name: 'Senders today' })).toBeVisible();
  await expect(panel.getByTestId('run-forecast')).toContainText(/finishes by|Nobody is left/);
  await expect(page.getByTestId('run-step-connection_request')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Prospect' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('run-1440.png') });

  await panel.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('will not get any further message');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(panel.getByRole('heading', { name: 'Funnel' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`run-${width}.png`) });
  }
});

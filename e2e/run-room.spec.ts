import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { apiRequest, tool } from './support/session';
import { createCampaign, openEditor, uniqueName, type CampaignRecord } from './support/editor';

/**
 * Issue 39, majors 1 and 5 in a real browser: a launched campaign's run keeps the canvas at least half
 * the window when the dock stayed open from the editor (the dock gives way to the run), the overview
 * map never covers a step, and every status the editor shows follows the campaign without a reload.
 * Screenshots go to /tmp/shots-run-room to be looked at.
 */

const SHOTS = '/tmp/shots-run-room';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Campaign editor' });
const runPanel = (page: Page) => page.getByRole('complementary', { name: 'Run' });

/** A campaign launched through the API (no prospects: it stays running). */
async function launched(page: Page): Promise<CampaignRecord> {
  const campaign = await createCampaign(page, uniqueName('Run room'));
  const answer = await tool<CampaignRecord>(page, 'launch-campaign', {
    campaignId: campaign.campaignId,
    inspectedUpdatedAt: campaign.updated_at,
    confirm: true,
  });
  expect(answer.status).toBe('active');
  return answer;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`the run keeps half the window for the canvas, the dock opened in the editor gives way, the overview map covers no step (${size})`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize(viewport);
    // The dock opened in a draft's editor (a choice the browser keeps).
    const draft = await createCampaign(page, uniqueName('Dock open'));
    await openEditor(page, draft.campaignId);
    const expand = page.getByRole('button', { name: 'Expand side panel' });
    if (await expand.isVisible()) await expand.click();
    await expect(page.getByRole('complementary', { name: 'Side panel' })).toBeVisible();

    const campaign = await launched(page);
    await openEditor(page, campaign.campaignId);
    await expect(runPanel(page).getByRole('heading', { name: 'Funnel' })).toBeVisible();
    const canvas = (await page.locator('.react-flow').boundingBox())!;
    const run = (await runPanel(page).boundingBox())!;
    expect(overlaps(canvas, run), 'the run stands beside the canvas').toBe(false);
    // At 1280 px and below the dock gives way to the run (its rail) and the canvas keeps half the window;
    // wider, every open panel has its room.
    if (viewport.width <= 1280) {
      await expect(page.getByRole('complementary', { name: 'Side panel (collapsed)' })).toBeVisible();
      expect(canvas.width, 'the canvas keeps at least half the window').toBeGreaterThanOrEqual(viewport.width / 2);
    }
    const steps = await page.locator('.react-flow__node').all();
    expect(steps.length).toBeGreaterThan(0);
    for (const node of steps) {
      const box = (await node.boundingBox())!;
      const id = await node.getAttribute('data-id');
      expect(box.x >= canvas.x && box.x + box.width <= canvas.x + canvas.width, `${id} is on the canvas, in full`).toBe(true);
    }

    const map = page.locator('.react-flow__minimap');
    if (await map.isVisible()) {
      const mapBox = (await map.boundingBox())!;
      for (const node of steps) {
        const box = await node.boundingBox();
        if (box) expect(overlaps(mapBox, box), `the overview map covers ${await node.getAttribute('data-id')}`).toBe(false);
      }
    }
    await page.screenshot({ path: `${SHOTS}/run-${size}.png` });
  });
}

test('every status the editor shows follows the campaign: paused here, resumed elsewhere, no reload', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const campaign = await launched(page);
  const listening = page.waitForResponse((r) => r.url().includes(`/api/v1/campaigns/${campaign.campaignId}/changes`) && r.status() === 200);
  await openEditor(page, campaign.campaignId);
  await listening;
  const banner = page.getByRole('status').filter({ hasText: 'Read-only.' });
  await expect(toolbar(page).getByText('Running', { exact: true })).toBeVisible();

  // Paused in this tab: the header badge and the banner say it at once.
  await runPanel(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }).click();
  await expect(toolbar(page).getByText('Paused', { exact: true })).toBeVisible();
  await expect(toolbar(page).getByText('Running', { exact: true })).toHaveCount(0);
  await expect(banner).toContainText('paused');
  await page.screenshot({ path: `${SHOTS}/status-paused-here.png` });

  // Resumed elsewhere (an agent, another tab): the changes stream carries it here.
  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/resume`)).status).toBe(200);
  await expect(toolbar(page).getByText('Running', { exact: true })).toBeVisible();
  await expect(toolbar(page).getByText('Paused', { exact: true })).toHaveCount(0);
  await expect(banner).not.toContainText('paused');
  await expect(runPanel(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // Paused elsewhere: the campaigns list, reached in the app, says so too.
  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/pause`)).status).toBe(200);
  await expect(toolbar(page).getByText('Paused', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Campaigns', exact: true }).first().click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: campaign.name, exact: true }) });
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/status-list.png` });
});

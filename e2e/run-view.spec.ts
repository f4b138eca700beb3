import { mkdirSync } from 'node:fs';
import { expect, test } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { WEEKDAYS } from '../src/domain/contract/schedule';
import { seriousViolations } from './support/axe';
import { demoAccounts } from './inbox-data';
import { openEditor, saveButton, uniqueName, type CampaignRecord } from './support/editor';
import { apiRequest, tool } from './support/session';

/**
 * Contract 9.5 run view: a launched campaign with 20 prospects on a fast sandbox opens on its run —
 * read-only canvas with step counts and flows, the side panel (counts, funnel, senders' day,
 * forecast), its prospects and their timelines, pause / resume / stop — at three sizes, axe clean.
 * The assertions marked "needs the run worker" pass once the server runs the engine.
 */

const SHOTS = '/tmp/shots-runview';

test('a launched campaign opens in its run view: counts, timeline, pause, resume, stop @smoke', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const accounts = await demoAccounts(page);
  // A fast sandbox and high limits: the run moves in seconds.
  await apiRequest(page, 'PUT', '/api/v1/executor', {
    kind: 'sandbox',
    acceptRate: 0.5,
    replyRate: 0.3,
    medianResponseHours: 0.001,
    seed: 3,
  });
  await apiRequest(page, 'PATCH', `/api/messaging/accounts/${accounts.linkedin}`, {
    dailyLimits: { connection_request: 500, message: 500 },
    weeklyLimits: { connection_request: 10_000, message: 10_000 },
  });
  const name = uniqueName('Run view');
  const campaign = await tool<CampaignRecord>(page, 'create-campaign', {
    name,
    workflow_definition: findTemplate('connection-only')!.build(),
    senderAccountIds: [accounts.linkedin],
  });
  const scheduled = await apiRequest(page, 'PUT', `/api/v1/campaigns/${campaign.campaignId}/schedule`, {
    days: [...WEEKDAYS],
    start: '00:00',
    end: '23:59',
  });
  expect(scheduled.status).toBe(200);
  const tag = name.replace(/\W+/g, '-').toLowerCase();
  const prospects = Array.from({ length: 20 }, (_, i) => ({
    profileUrl: `https://www.linkedin.com/in/${tag}-${i}`,
    name: `Prospect ${i + 1}`,
    company: 'Acme',
    customFields: { firstName: `Ann${i + 1}` },
  }));
  expect((await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects })).status).toBe(200);
  const listed = await apiRequest(page, 'GET', `/api/v1/prospects?limit=50&search=${tag}`);
  const prospectIds = (listed.body.items as { prospectId: string }[]).map((p) => p.prospectId);
  expect(prospectIds).toHaveLength(20);
  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds })).status).toBe(200);
  await tool(page, 'launch-campaign', {
    campaignId: campaign.campaignId,
    inspectedUpdatedAt: scheduled.body.updated_at,
    confirm: true,
  });

  await openEditor(page, campaign.campaignId);
  const panel = page.getByRole('complementary', { name: 'Run' });
  // Read-only: nothing to add, undo or save.
  await expect(saveButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Steps' })).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Funnel' })).toContainText('Enrolled20');
  await expect(panel.getByRole('heading', { name: 'Senders today' })).toBeVisible();
  await expect(panel.getByTestId('run-forecast')).toContainText(/finishes by|Nobody is left/);
  const invite = page.getByTestId('run-step-connection_request');
  await expect(invite).toBeVisible();

  // Needs the run worker: the counts move on the canvas without a reload, and a connection shows its flow.
  await expect.soft(invite).not.toContainText(/^0 here0 done/, { timeout: 30_000 });
  await expect.soft(page.locator('.wf-edge-flow').first()).toBeVisible({ timeout: 10_000 });

  // A step's count lists its prospects; a prospect's timeline names the steps.
  await invite.click();
  await expect(panel.getByRole('button', { name: 'Show every step' })).toContainText('Connection request');
  await panel.getByRole('button', { name: 'Show every step' }).click();
  await panel.getByRole('listitem').filter({ hasText: 'Prospect' }).first().getByRole('button').click();
  const drawer = page.getByRole('dialog', { name: /^Prospect \d+$/ });
  await expect(drawer).toBeVisible();
  // Needs the run worker: the exact text sent.
  await expect.soft(drawer).toContainText(/Hi Ann\d+, I came across your work at Acme/, { timeout: 10_000 });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: `${SHOTS}/run-1440x900.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Pause, resume, then stop for good, each asked first.
  await panel.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resume' }).click();
  await expect(panel.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(panel.getByRole('heading', { name: 'Funnel' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/run-${width}x${height}.png` });
  }
  // A phone: the run covers the canvas, with a way to the canvas and back; the toolbar does not scroll sideways.
  const toolbar = page.getByRole('toolbar', { name: 'Campaign editor' });
  const sideways = await toolbar.evaluate((bar) =>
    [bar, ...bar.querySelectorAll('.toolbar-actions')].some((el) => el.scrollWidth > el.clientWidth + 1),
  );
  expect(sideways).toBe(false);
  await panel.getByRole('button', { name: '← Canvas' }).click();
  await expect(panel).toBeHidden();
  await expect(page.locator('.react-flow__minimap')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/run-390x844-canvas.png` });
  await page.getByRole('button', { name: 'Show the run' }).click();
  await expect(panel).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('will not get any further message');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Stop for good' }).click();
  await expect(panel).toContainText('This campaign is completed: nothing more will be sent.');
});

import { expect, test, type Page } from './support/test';
import { tool } from './support/session';
import { canvasNode, createCampaign, getCampaign, openEditor, save, uniqueName, type CampaignRecord } from './support/editor';

/**
 * Contract 8.5 in the editor: a save by anyone else shows at once as a banner (who, when, what);
 * with no local edits the canvas takes it in place, with local edits the banner offers the merge;
 * the tab's own saves never show it.
 */

const banner = (page: Page) => page.getByRole('region', { name: 'Change saved elsewhere' });

/** Opens the editor and waits until its live-changes stream is listening (the response headers come once it is). */
async function openLive(page: Page, campaignId: string): Promise<void> {
  const listening = page.waitForResponse((r) => r.url().includes(`/api/v1/campaigns/${campaignId}/changes`) && r.status() === 200);
  await openEditor(page, campaignId);
  await listening;
}

/** The graph with a 3-day wait inserted after an accepted invitation (what an agent might do). */
function withAgentWait(campaign: CampaignRecord) {
  const def = structuredClone(campaign.workflow_definition);
  const invite = def.nodes.find((n) => n.id === 'connection_request')!;
  def.nodes.push({
    id: 'agent_wait',
    type: 'delay',
    position: { x: invite.position.x + 320, y: invite.position.y + 180 },
    data: { delay_type: 'days', delay_amount: 3 },
  });
  const accepted = def.edges.find((e) => e.source === 'connection_request' && e.sourceHandle === 'accepted')!;
  accepted.target = 'agent_wait';
  def.edges.push({ id: 'e_agent_wait_end', source: 'agent_wait', target: 'end' });
  return def;
}

const agentSaves = (page: Page, campaign: CampaignRecord) =>
  tool<CampaignRecord>(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: withAgentWait(campaign),
  });

test('an agent’s save is pushed to the open editor: the banner shows and the canvas takes the new step in place', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Live agent'));
  await openLive(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  await expect(canvasNode(page, 'connection_request')).toHaveClass(/selected/);
  const viewport = await page.locator('.react-flow__viewport').getAttribute('style');

  await agentSaves(page, campaign);
  await expect(banner(page)).toBeVisible(); // pushed: a poll would come long after this wait
  await expect(banner(page)).toContainText(/Saved elsewhere \d+ s ago by an agent\./);
  await expect(banner(page)).toContainText('1 step added (Delay); 2 connections changed.');
  await expect(banner(page)).toContainText('The canvas shows it now.');
  await expect(canvasNode(page, 'agent_wait')).toBeVisible();
  // In place: same viewport, same selection, nothing unsaved, no merge to offer.
  expect(await page.locator('.react-flow__viewport').getAttribute('style')).toBe(viewport);
  await expect(canvasNode(page, 'connection_request')).toHaveClass(/selected/);
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  await expect(banner(page).getByRole('button', { name: 'Review and merge' })).toHaveCount(0);

  // The age ticks.
  await expect(banner(page)).toContainText(/Saved elsewhere [1-9]\d* s ago/);
  await page.screenshot({ path: test.info().outputPath('live-banner-1440x900.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: test.info().outputPath('live-banner-1280x720.png') });

  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
});

test('my own save never shows the banner', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Live own'));
  await openLive(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  await page
    .getByRole('region', { name: 'Connection request' })
    .getByLabel(/Wait for acceptance/)
    .fill('6');
  const event = page.waitForResponse(
    (r) => r.url().includes('/mcp') && r.request().postData()?.includes('update-campaign-workflow') === true,
  );
  await save(page);
  await event;
  // The change event of this save reaches the tab within milliseconds; give it ample time to (not) show.
  await page.waitForTimeout(1500);
  await expect(banner(page)).toHaveCount(0);
  expect((await getCampaign(page, campaign.campaignId)).updated_at).not.toBe(campaign.updated_at);
});

test('a save elsewhere while I have unsaved edits offers the merge instead of reloading, and merges what does not overlap', async ({
  page,
}) => {
  const campaign = await createCampaign(page, uniqueName('Live dirty'));
  await openLive(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  await page
    .getByRole('region', { name: 'Connection request' })
    .getByLabel(/Wait for acceptance/)
    .fill('5');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();

  await agentSaves(page, campaign);
  await expect(banner(page)).toBeVisible(); // pushed: a poll would come long after this wait
  await expect(banner(page)).toContainText('Your unsaved edits are still here.');
  // My canvas is untouched: no agent step, my edit still there.
  await expect(canvasNode(page, 'agent_wait')).toHaveCount(0);
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 5 days');
  await page.screenshot({ path: test.info().outputPath('live-banner-merge.png') });

  // Their step and my field do not overlap: the merge takes both without a question, unsaved.
  await banner(page).getByRole('button', { name: 'Review and merge' }).click();
  await expect(page.getByText('Merged their changes with yours — review and save.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Someone else saved this campaign' })).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  await expect(canvasNode(page, 'agent_wait')).toBeVisible();
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 5 days');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
});

test('a launch elsewhere turns the open editor read-only with a note', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Live launch'));
  await openLive(page, campaign.campaignId);
  await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, confirm: true });
  await expect(banner(page)).toContainText(/Launched elsewhere \d+ s ago by an agent\./);
  await expect(page.getByText('Read-only.', { exact: true })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Campaign editor' }).getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
});

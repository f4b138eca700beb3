import { expect, test, type Page } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, getCampaign, openEditor, save, uniqueName } from './support/editor';
import { tool } from './support/session';

const simulator = (page: Page) => page.getByRole('region', { name: 'Simulate a prospect' });
const step = (page: Page, nodeId: string) => simulator(page).locator(`[data-testid="sim-step"][data-node-id="${nodeId}"]`);

test('the simulator walks the chosen path, renders messages for the prospect and shares the state in the URL', async ({
  page,
  context,
}) => {
  const campaign = await createCampaign(page, uniqueName('Simulate'), findTemplate('scored-follow-up')!.build());
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Simulate', exact: true }).click();
  const sim = simulator(page);
  await sim.getByLabel('firstName').fill('Grace');
  await sim.getByLabel('company').fill('');
  await step(page, 'thanks').getByRole('radio', { name: 'No reply' }).check();
  await expect(sim.getByTestId('sim-step')).toHaveCount(6);
  await expect(step(page, 'follow_up')).toContainText('Day 3');
  await expect(step(page, 'follow_up').getByTestId('sim-message')).toHaveText(
    'Hi Grace, just bumping this up — would a 15-minute call next week work for you?',
  );
  await expect(step(page, 'thanks').getByTestId('sim-message')).toContainText(
    'Thanks for connecting, Grace! I help teams like {{company}}',
  );
  await expect(step(page, 'thanks')).toContainText('Unfilled: {{company}}');
  await expect(sim.getByText('Not filled for this prospect: {{company}}')).toBeVisible();
  // The path is highlighted on the canvas; steps off the path are not.
  await expect(canvasNode(page, 'follow_up').locator('.wf-node-hl-info')).toHaveCount(1);
  await expect(canvasNode(page, 'withdraw').locator('.wf-node-hl-info')).toHaveCount(0);

  // An ICP score below the threshold ends the path with nothing sent.
  await sim.getByLabel('ICP score').fill('40');
  await expect(sim.getByTestId('sim-step')).toHaveCount(3);
  await expect(step(page, 'score')).toContainText('decided by the ICP score');
  await sim.getByLabel('ICP score').fill('');

  await step(page, 'invite').getByRole('radio', { name: 'No response' }).check();
  await expect(step(page, 'withdraw')).toContainText('Day 14');
  expect(new URL(page.url()).searchParams.get('sim')).toBeTruthy();

  // The link reproduces the simulation.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(step(shared, 'withdraw')).toContainText('Day 14');
  await expect(simulator(shared).getByLabel('firstName')).toHaveValue('Grace');
  await shared.close();
});

test('history lists saved versions, compares one with the canvas and restores it as unsaved changes', async ({ page }) => {
  const first = findTemplate('connection-only')!.build();
  const campaign = await createCampaign(page, uniqueName('History'), first);
  const second = structuredClone(first);
  second.nodes[1]!.data.message_template = 'Second version, {{firstName}}.';
  const saved2 = await tool(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: second,
  });
  const third = findTemplate('inmail-fallback')!.build();
  await tool(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: saved2.updated_at,
    workflow_definition: third,
  });
  const versions = await tool(page, 'list-campaign-versions', { campaignId: campaign.campaignId });

  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('region', { name: 'Saved versions' });
  await expect(history.getByTestId('version-row')).toHaveCount(versions.items.length);
  const oldest = versions.items.at(-1)!;
  const row = history.getByTestId('version-row').filter({ hasText: `Version ${oldest.version}` });
  await expect(row).toContainText('3 steps');
  await row.click();
  await expect(history.getByTestId('version-diff-summary')).toContainText('Steps:');
  await expect(history.getByText('Only in this version (not on the canvas)')).toBeVisible();
  await expect(canvasNode(page, 'inmail').locator('.wf-node-hl-changed')).toHaveCount(1);

  await history.getByRole('button', { name: `Restore version ${oldest.version}` }).click();
  await expect(canvasNode(page, 'inmail')).toHaveCount(0);
  await expect(canvasNode(page, 'connection_request')).toBeVisible();
  // The view fits the restored graph: every one of its steps is on screen, none left out of view.
  for (const n of first.nodes) await expect(canvasNode(page, n.id)).toBeInViewport();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await expect(history.getByTestId('version-diff-summary')).toHaveText('The canvas is the same as this version.');
  // Nothing is saved until the user saves.
  expect((await getCampaign(page, campaign.campaignId)).workflow_definition).toEqual(third);
  await save(page);
  expect((await getCampaign(page, campaign.campaignId)).workflow_definition).toEqual(first);
});

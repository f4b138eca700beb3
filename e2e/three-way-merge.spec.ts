import { scoredFollowUpGraph } from '../src/domain/testing/fixtures';
import { expect, test, type Page } from './support/test';
import { canvasNode, createCampaign, draftKept, getCampaign, openEditor, save, saveButton, selectEdge, uniqueName } from './support/editor';
import { tool } from './support/session';

/** Sets a number field of a step in its inspector form. */
async function setField(page: Page, nodeId: string, step: string, field: string, value: string) {
  // Nothing selected first: an open step form may cover the step to click (after a reload, say).
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
  await canvasNode(page, nodeId).click();
  await page.getByRole('region', { name: step, exact: true }).getByLabel(field).fill(value);
}

const stored = async (page: Page, campaignId: string, nodeId: string) =>
  (await getCampaign(page, campaignId)).workflow_definition.nodes.find((n: { id: string }) => n.id === nodeId).data;

test('two tabs: edits of different steps merge without a question; the same field asks with before → theirs / mine @smoke', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two tabs, five saves: slow on a shared machine
  const graph = scoredFollowUpGraph();
  graph.nodes.find((n) => n.id === 'score')!.data.icpThreshold = 75;
  const campaign = await createCampaign(page, uniqueName('Merge'), graph);
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tabB = await other.newPage();
  await openEditor(page, campaign.campaignId);
  await openEditor(tabB, campaign.campaignId);

  // B changes a step (unsaved); A changes another step and saves; B saves on its stale base: merged,
  // no question. (B edits first: a clean tab would take A's save live instead of merging.)
  await setField(tabB, 'thanks', 'Message', 'Wait for a reply', '5');
  await setField(page, 'score', 'ICP scoring', 'Threshold', '80');
  await save(page);
  await save(tabB);
  await expect(tabB.getByText('Unsaved changes')).toHaveCount(0);
  await expect(tabB.getByRole('dialog')).toHaveCount(0);
  expect(await stored(page, campaign.campaignId, 'score')).toMatchObject({ icpThreshold: 80 });
  expect(await stored(page, campaign.campaignId, 'thanks')).toMatchObject({ reply_wait_days: 5 });

  // B changes both fields (unsaved); A, reloaded, changes the same two and saves; B saves: it asks.
  await page.reload();
  await expect(canvasNode(page, 'thanks')).toContainText('wait 5 days');
  await setField(tabB, 'score', 'ICP scoring', 'Threshold', '90');
  await setField(tabB, 'thanks', 'Message', 'Wait for a reply', '2');
  await setField(page, 'score', 'ICP scoring', 'Threshold', '85');
  await setField(page, 'thanks', 'Message', 'Wait for a reply', '7');
  await save(page);
  await saveButton(tabB).click();

  const dialog = tabB.getByRole('dialog', { name: 'Someone else saved this campaign' });
  await expect(dialog).toBeVisible();
  const threshold = dialog.getByRole('listitem').filter({ hasText: 'ICP scoring · Threshold' });
  const wait = dialog.getByRole('listitem').filter({ hasText: 'Message · Wait for a reply' });
  await expect(threshold).toContainText('Was: Score ≥ 80');
  await expect(threshold.locator('.merge-values')).toHaveText(/Before\s*80\s*→\s*Theirs\s*85\s*\/\s*Yours\s*90/);
  await expect(wait.locator('.merge-values')).toHaveText(/Before\s*5 days\s*→\s*Theirs\s*7 days\s*\/\s*Yours\s*2 days/);
  const text = (await dialog.textContent()) ?? '';
  for (const raw of ['icpThreshold', 'reply_wait_days', 'data.', campaign.campaignId]) expect(text).not.toContain(raw);
  await expect(dialog.getByRole('button', { name: 'Save merged' })).toBeDisabled();

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await tabB.setViewportSize(size);
    await tabB.screenshot({ path: test.info().outputPath(`merge-dialog-${size.width}x${size.height}.png`) });
  }

  await threshold.getByLabel('Keep theirs').check();
  await wait.getByLabel('Keep mine').check();
  await expect(dialog.getByTestId('merge-check')).toHaveText('The merged campaign has no problems.');
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tabB.getByText('Saved. The campaign stays a draft')).toBeVisible();
  expect(await stored(page, campaign.campaignId, 'score')).toMatchObject({ icpThreshold: 85 });
  expect(await stored(page, campaign.campaignId, 'thanks')).toMatchObject({ reply_wait_days: 2 });
  await other.close();
});

test('two tabs each insert a Delay (both named delay_1 in their editor): the merge keeps both, without a question', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const campaign = await createCampaign(page, uniqueName('Both add'), scoredFollowUpGraph());
  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tabB = await other.newPage();
  await openEditor(page, campaign.campaignId);
  await openEditor(tabB, campaign.campaignId);
  // Each inserts a Delay on a different connection with its + button: both editors call it delay_1.
  for (const [tab, edgeId] of [
    [tabB, 'e_withdraw_next'],
    [page, 'e_invite_accepted'],
  ] as const) {
    await selectEdge(tab, edgeId);
    // By keyboard (its + sits under a step in this side-by-side layout).
    await tab.getByRole('button', { name: 'Insert a step on this connection' }).focus();
    await tab.keyboard.press('Enter');
    await tab
      .getByRole('dialog', { name: 'Insert a step' })
      .getByRole('button', { name: /^Delay/ })
      .click();
    await expect(canvasNode(tab, 'delay_1')).toBeVisible();
  }
  await save(page);
  await save(tabB);
  await expect(tabB.getByText('Someone saved meanwhile: merged their changes with yours (no overlap), saving.')).toBeVisible();
  await expect(tabB.getByRole('dialog')).toHaveCount(0);
  await expect(tabB.getByText('Unsaved changes')).toHaveCount(0);
  // The banner that offered the merge goes with it.
  await expect(tabB.getByRole('region', { name: 'Change saved elsewhere' })).toHaveCount(0);
  const stored = (await getCampaign(page, campaign.campaignId)).workflow_definition;
  const after = (id: string, handle?: string) =>
    stored.edges.find((e: { source: string; sourceHandle?: string }) => e.source === id && (e.sourceHandle ?? undefined) === handle)
      ?.target;
  expect(
    stored.nodes
      .filter((n: { type: string }) => n.type === 'delay')
      .map((n: { id: string }) => n.id)
      .sort(),
  ).toEqual(['delay_1', 'delay_2']);
  expect([after('withdraw', undefined), after('invite', 'accepted')].sort()).toEqual(['delay_1', 'delay_2']);
  await expect(canvasNode(tabB, 'delay_2')).toBeVisible();
  await tabB.screenshot({ path: test.info().outputPath('both-added-1280x720.png') });
  await page.reload();
  await expect(canvasNode(page, 'delay_2')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('both-added-1440x900.png') });
  await other.close();
});

test('a draft restored after a reload merges against the version it started from (read from the history)', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Merge draft'), scoredFollowUpGraph());
  await openEditor(page, campaign.campaignId);
  await setField(page, 'thanks', 'Message', 'Wait for a reply', '6');
  await expect(canvasNode(page, 'thanks')).toContainText('wait 6 days');
  await draftKept(page, campaign.campaignId);
  // Meanwhile an agent changes another step over MCP.
  const def = structuredClone(campaign.workflow_definition);
  def.nodes.find((n: { id: string }) => n.id === 'score').data.icpThreshold = 60;
  await tool(page, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: def,
  });
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await page.getByRole('region', { name: 'Unsaved changes found' }).getByRole('button', { name: 'Restore' }).click();
  await saveButton(page).click();
  await expect(page.getByText('Saved. The campaign stays a draft')).toBeVisible();
  expect(await stored(page, campaign.campaignId, 'score')).toMatchObject({ icpThreshold: 60 });
  expect(await stored(page, campaign.campaignId, 'thanks')).toMatchObject({ reply_wait_days: 6 });
});

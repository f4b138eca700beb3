import { expect, test } from './support/test';
import { signIn } from './support/session';
import { canvasNode, createCampaign, openEditor, selectEdge, uniqueName, openStepList } from './support/editor';
import { seriousViolations, useTheme } from './support/axe';

for (const theme of ['light', 'dark'] as const) {
  test(`the editor has no serious or critical axe violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000); // a full axe run on a busy machine
    await useTheme(page, theme);
    const campaign = await createCampaign(page, uniqueName(`Axe ${theme}`));
    await openEditor(page, campaign.campaignId);
    // A rule break (badges, edge marks, problems panel) and an open form with a template field.
    await selectEdge(page, 'e_connection_request_no_response');
    await page.keyboard.press('Delete');
    await canvasNode(page, 'connection_request').click();
    await page.getByRole('button', { name: /Show problems/ }).click();
    await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Connection request' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`editor-${theme}.png`) });
  });

  test(`the step menu and the leave question have no serious or critical axe violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000); // two full axe runs on a busy machine
    await useTheme(page, theme);
    const campaign = await createCampaign(page, uniqueName(`Axe menu ${theme}`));
    await openEditor(page, campaign.campaignId);
    await selectEdge(page, 'e_connection_request_no_response');
    await page.keyboard.press('Delete');
    // The newer views: the step menu over the canvas, the leave question in the app's dialog.
    await openStepList(page);
    await expect(page.getByRole('dialog', { name: 'Add a step' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`step-menu-${theme}.png`) });
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`leave-${theme}.png`) });
  });
}

test('the campaigns list has no serious or critical axe violations', async ({ page }) => {
  await createCampaign(page, uniqueName('Axe list'));
  await signIn(page);
  await expect(page.locator('.campaign-link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(page.getByRole('dialog', { name: 'New campaign' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every editor control is reachable from the keyboard with a visible focus', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Keyboard'));
  await openEditor(page, campaign.campaignId);
  // Tab into the canvas: a step takes focus, Enter selects it and its form opens.
  const start = canvasNode(page, 'start');
  await start.focus();
  await page.keyboard.press('Tab');
  await expect(canvasNode(page, 'connection_request')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Connection request' })).toBeVisible();
  const shadow = await canvasNode(page, 'connection_request')
    .locator('.wf-node')
    .evaluate((el) => getComputedStyle(el).boxShadow);
  expect(shadow).not.toBe('none');
  // Palette items are buttons: Enter adds a step.
  await (await openStepList(page)).getByRole('button', { name: /^Follow / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.react-flow__node')).toHaveCount(4);
});

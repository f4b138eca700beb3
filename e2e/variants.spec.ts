import { expect, test, type Page } from './support/test';
import { canvasNode, createCampaign, openEditor, problemsButton, save, uniqueName } from './support/editor';
import { seriousViolations } from './support/axe';
import { apiRequest } from './support/session';

/**
 * Contract 10.1 in the editor (issue 37 "Variants on the canvas"): add a variant in the step's form,
 * see it on the card, in Problems when it is wrong, and in the launch review filled in for a real
 * enrolled prospect. At the two sizes the issue names; the screenshots are looked at.
 */

/** One prospect of the campaign, so the review fills the variants in for a real person. */
async function enrollOne(page: Page, campaignId: string, tag: string): Promise<void> {
  const prospect = {
    profileUrl: `https://www.linkedin.com/in/${tag}`,
    name: 'Grace Hopper',
    company: 'Navy',
    customFields: { firstName: 'Grace' },
  };
  expect((await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects: [prospect] })).status).toBe(200);
  const listed = await apiRequest(page, 'GET', `/api/v1/prospects?limit=5&search=${tag}`);
  const prospectIds = (listed.body.items as { prospectId: string }[]).map((p) => p.prospectId);
  expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { prospectIds })).status).toBe(200);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`a variant of the invitation note: added in the form, on the card, in Problems when wrong, in the review (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = uniqueName('Variants');
    const campaign = await createCampaign(page, name);
    await enrollOne(page, campaign.campaignId, `variants-${viewport.width}-${Date.now().toString(36)}`);
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'connection_request').click();
    const form = page.getByRole('region', { name: 'Connection request' });
    await form.getByRole('button', { name: 'Add a variant' }).click();

    // Two variants, each with its own editor; the one note gives way to them.
    const b = form.getByRole('region', { name: 'Variant B' });
    await expect(form.getByRole('region', { name: 'Variant A' })).toBeVisible();
    await b.getByLabel('Label').fill('Warm');
    await b.getByLabel('Message', { exact: true }).fill('Hi {{firstName}}, I enjoyed your talk at {{company}}. Shall we connect?');
    // Its own preview with the sample prospect, like the one note's.
    await expect(b.locator('.insp-preview')).toContainText(/Hi \w+, I enjoyed your talk at .+\. Shall we connect\?/);
    await expect(form.getByText(/Steps with the same group name give each prospect the same variant/)).toBeVisible();
    const card = canvasNode(page, 'connection_request');
    await expect(card).toContainText('A/B: “Variant A”, “Warm”');
    await page.screenshot({ path: test.info().outputPath(`variants-form-${viewport.width}.png`) });
    if (viewport.width === 1440) {
      test.setTimeout(120_000); // a full axe run on a busy machine
      expect(await seriousViolations(page)).toEqual([]);
    }

    // Wrong: an empty variant is an error on the card, in Problems and under the variant; nothing can be saved.
    await b.getByLabel('Message', { exact: true }).fill('');
    const problem = 'Connection request: Variant B has no message: write one';
    await expect(b.getByText(problem)).toBeVisible();
    await expect(card.locator('.node-badge-error')).toBeVisible();
    await problemsButton(page).click();
    await expect(page.locator('#problems-panel').getByText(problem)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`variants-problem-${viewport.width}.png`) });
    await b.getByLabel('Message', { exact: true }).fill('Hi {{firstName}}, I enjoyed your talk at {{company}}. Shall we connect?');
    await expect(page.locator('#problems-panel').getByText(problem)).toHaveCount(0);
    await problemsButton(page).click();
    await save(page);

    // The review shows each variant filled in for the enrolled prospect, and the one she gets.
    await page.getByRole('button', { name: 'Review & launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review and launch' });
    await expect(dialog.getByTestId('review-path').first()).toContainText('Invite with note A/B (“Variant A” or “Warm”)');
    await expect(dialog.getByTestId('review-variants-for')).toContainText(
      'Variants are filled in for Grace Hopper, one of the prospects enrolled',
    );
    const variants = dialog.getByRole('list', { name: 'Variants of Connection request' });
    await expect(variants.getByTestId('review-variant')).toHaveCount(2);
    await expect(variants.getByText('Hi Grace, I enjoyed your talk at Navy. Shall we connect?')).toBeVisible();
    await expect(variants.getByText('Grace Hopper gets this one')).toHaveCount(1);
    await expect(dialog.getByTestId('review-enrolled')).toHaveText('1 prospect is enrolled in this campaign.');
    await variants.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`variants-review-${viewport.width}.png`) });
  });
}

test('the simulator shows each variant of a step, filled in for the sample prospect', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Variants simulated'));
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  const form = page.getByRole('region', { name: 'Connection request' });
  await form.getByRole('button', { name: 'Add a variant' }).click();
  await form.getByRole('region', { name: 'Variant B' }).getByLabel('Message', { exact: true }).fill('Hello {{firstName}}!');
  await page.getByRole('button', { name: 'Simulate', exact: true }).click();
  const step = page.locator('[data-testid="sim-step"][data-node-id="connection_request"]');
  await expect(step.getByTestId('sim-variant')).toHaveCount(2);
  await expect(step.getByTestId('sim-variant').nth(1)).toContainText(/Hello \w+!/);
  await step.getByTestId('sim-variant').nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('variants-simulator.png') });
});

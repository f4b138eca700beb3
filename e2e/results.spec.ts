import { expect, test } from './support/test';
import { WEEKDAYS } from '../src/domain/contract/schedule';
import { canvasNode, createCampaign, getCampaign, linkedInSender, openEditor, save, uniqueName } from './support/editor';
import { apiRequest, signIn, tool } from './support/session';

/**
 * Contract 10.1 end to end in the app (issue 37 "Proof"): add a variant of the invitation note, see
 * it in the launch review, run on a fast sandbox where B is accepted more often, open Results beside
 * the run (bars, verdict, daily chart, senders, CSV), and the campaign list's numbers. At the two
 * sizes the issue names; the screenshots are looked at.
 */

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`a variant added, reviewed, run on the sandbox, its results read (${viewport.width}×${viewport.height})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, '/');
    const sender = await linkedInSender(page);
    await apiRequest(page, 'PUT', '/api/v1/executor', {
      kind: 'sandbox',
      acceptRate: 0.3,
      replyRate: 0.2,
      medianResponseHours: 0.001,
      seed: 5,
      variantRates: { a: { acceptRate: 0.1 }, b: { acceptRate: 0.9 } },
    });
    await apiRequest(page, 'PATCH', `/api/messaging/accounts/${sender}`, {
      dailyLimits: { connection_request: 500, message: 500 },
      weeklyLimits: { connection_request: 10_000, message: 10_000 },
    });
    const name = uniqueName('Results');
    const campaign = await createCampaign(page, name);
    await apiRequest(page, 'PUT', `/api/v1/campaigns/${campaign.campaignId}/schedule`, {
      days: [...WEEKDAYS],
      start: '00:00',
      end: '23:59',
    });
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
    expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds })).status).toBe(200);

    // Add a variant of the note in the step's form.
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'connection_request').click();
    const form = page.getByRole('region', { name: 'Connection request' });
    await form.getByRole('button', { name: 'Add a variant' }).click();
    const b = form.getByRole('region', { name: 'Variant B' });
    await b.getByLabel('Label').fill('Warm');
    await b.getByLabel('Message', { exact: true }).fill('Hi {{firstName}}, I enjoyed your talk at {{company}}. Shall we connect?');
    await save(page);

    // See it in the review.
    await page.getByRole('button', { name: 'Review & launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review and launch' });
    await expect(dialog.getByRole('list', { name: 'Variants of Connection request' }).getByTestId('review-variant')).toHaveCount(2);
    await page.keyboard.press('Escape');

    // Launch and run on the sandbox.
    const saved = await getCampaign(page, campaign.campaignId);
    await tool(page, 'launch-campaign', { campaignId: campaign.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true });
    await openEditor(page, campaign.campaignId);
    const panel = page.getByRole('complementary', { name: 'Run' });
    await panel.getByRole('tab', { name: 'Results' }).click();
    const results = panel.getByLabel('Results');
    await expect(results.getByRole('heading', { name: 'Steps' })).toBeVisible();
    await expect(results.getByTestId('results-variant-connection_request-a')).toContainText('Variant A');
    await expect(results.getByTestId('results-variant-connection_request-b')).toContainText('Warm');
    await expect(results.getByTestId('results-verdict-connection_request')).toBeVisible();
    await expect(results.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await expect(results.getByRole('heading', { name: 'Senders' })).toBeVisible();
    // The sends themselves depend on the worker's pace (ACTION_SPACING_S): proved on the sandbox in results/sandbox-proof.int.test.ts.
    await page.screenshot({ path: test.info().outputPath(`results-${viewport.width}.png`) });

    const download = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/-results\.csv$/);

    // The campaign list shows the numbers.
    await signIn(page, '/');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(page.getByRole('columnheader', { name: 'Contacted' })).toBeVisible();
    await expect(row).toContainText('20');
    await page.screenshot({ path: test.info().outputPath(`results-list-${viewport.width}.png`) });
  });
}

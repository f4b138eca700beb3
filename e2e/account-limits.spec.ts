import { findTemplate } from '../src/domain/paths';
import { createCampaign, openEditor, uniqueName } from './support/editor';
import { apiRequest } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * Contract 10.2 in the account form: a weekly cap and a warm-up set on a sender in the campaign's
 * "Prospects and sending" dialog, the ramp previewed in words, saved on the account. The sender is the
 * demo's LinkedIn account without a premium seat. The save is answered here, not by the server: other
 * specs read that account's limits in parallel (power-launch's forecast), and a warm-up left on it would
 * change their sentences; the PATCH itself is covered on both databases (sender-account.int.test.ts).
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

interface AccountLimits {
  id: string;
  name: string;
  channel: string;
  premium: boolean;
  dailyLimits: Record<string, number>;
  weeklyLimits: Record<string, number>;
  warmUp: unknown;
}

async function quietSender(page: Page): Promise<AccountLimits> {
  const { body } = await apiRequest(page, 'GET', '/api/messaging/accounts');
  const linkedIn = (body.items as AccountLimits[]).filter((a) => a.channel === 'professional_network');
  return linkedIn.find((a) => !a.premium) ?? linkedIn[0]!;
}

for (const viewport of VIEWPORTS) {
  test(`a sender's weekly cap and warm-up, with the ramp in words, at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const sender = await quietSender(page);
    const sent: unknown[] = [];
    await page.route(
      (url) => url.pathname === `/api/messaging/accounts/${sender.id}`,
      async (route) => {
        if (route.request().method() !== 'PATCH') return route.fallback();
        const body = route.request().postDataJSON() as Record<string, unknown>;
        sent.push(body);
        await route.fulfill({ json: { ...sender, ...body, weeklyLimits: { ...sender.weeklyLimits, ...(body.weeklyLimits as object) } } });
      },
    );
    const campaign = await createCampaign(page, uniqueName('Limits'), findTemplate('connection-only')!.build(), {
      senderAccountIds: [sender.id],
    });
    await openEditor(page, campaign.campaignId);
    await page.getByRole('button', { name: /add prospects, sending window and daily limits/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Prospects and sending' });
    const form = dialog.getByRole('group', { name: sender.name });
    await form.getByRole('group', { name: 'Invitations to connect' }).getByLabel('in any 7 days').fill('60');
    await form.getByRole('group', { name: 'Messages' }).getByLabel('in any 7 days').fill('200000');
    await expect(form.getByText('A whole number from 0 to 10,000, or empty for no weekly cap.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save limits' })).toBeDisabled();
    await form.getByRole('group', { name: 'Messages' }).getByLabel('in any 7 days').fill('150');
    await form.getByLabel('Invitations to connect a day').fill(String(sender.dailyLimits.connection_request + 1));
    await form.getByLabel(/Warm up this account/).check();
    await form.getByLabel('Start at, per day').fill('5');
    await form.getByLabel('Add each day').fill('5');
    // From today in the sender's zone, 5 more each day up to the invitations' daily limit.
    const limit = sender.dailyLimits.connection_request + 1;
    const ramp = form.getByRole('status').filter({ hasText: 'Warming up:' });
    await expect(ramp).toHaveText(new RegExp(`^Warming up: 5 a day, ${limit.toLocaleString('en-US')} from \\w+`));
    await ramp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`account-limits-${viewport.width}.png`) });
    await form.getByRole('button', { name: 'Save limits' }).click();
    await expect(form.getByText(`Limits of ${sender.name} saved.`)).toBeVisible();
    expect(sent).toEqual([
      {
        dailyLimits: expect.objectContaining({ connection_request: limit }),
        weeklyLimits: { connection_request: 60, message: 150 },
        warmUp: { startDaily: 5, addPerDay: 5, startedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      },
    ]);
  });
}

import { findTemplate } from '../src/domain/paths';
import { createCampaign, openEditor, uniqueName } from './support/editor';
import { apiRequest } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * Contract 10.2 in the account form: a weekly cap and a warm-up set on a sender in the campaign's
 * "Prospects and sending" dialog, the ramp previewed in words, saved on the account. The sender is the
 * demo's LinkedIn account without a premium seat (the other specs send through the premium one); its
 * limits are put back after each test, and the tests run one after the other.
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

test.describe.configure({ mode: 'serial' });

let restore: (() => Promise<unknown>) | null = null;
test.afterEach(async () => {
  await restore?.();
  restore = null;
});

for (const viewport of VIEWPORTS) {
  test(`a sender's weekly cap and warm-up, with the ramp in words, at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const sender = await quietSender(page);
    const weekly = Object.fromEntries(['message', 'inmail', 'profile_visit', 'other'].map((k) => [k, sender.weeklyLimits[k] ?? null]));
    restore = async () => {
      const back = await apiRequest(page, 'PATCH', `/api/messaging/accounts/${sender.id}`, {
        weeklyLimits: { ...weekly, connection_request: sender.weeklyLimits.connection_request },
        warmUp: sender.warmUp,
        dailyLimits: sender.dailyLimits,
      });
      expect(back.status).toBe(200);
    };
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
    await form.getByLabel('Invitations to connect a day').fill('20');
    await form.getByLabel(/Warm up this account/).check();
    await form.getByLabel('Start at, per day').fill('5');
    await form.getByLabel('Add each day').fill('5');
    // Today in the sender's zone: 5 today, 10, 15, then 20 three days on.
    const ramp = form.getByRole('status').filter({ hasText: 'Warming up:' });
    await expect(ramp).toHaveText(/^Warming up: 5 a day, 20 from (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/);
    await ramp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`account-limits-${viewport.width}.png`) });
    await form.getByRole('button', { name: 'Save limits' }).click();
    await expect(form.getByText(`Limits of ${sender.name} saved.`)).toBeVisible();
    const saved = await quietSender(page);
    expect(saved.weeklyLimits).toMatchObject({ connection_request: 60, message: 150 });
    expect(saved.warmUp).toMatchObject({ startDaily: 5, addPerDay: 5 });
  });
}

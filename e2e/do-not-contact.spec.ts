import { expect, test, type Page } from './support/test';
import { findTemplate } from '../src/domain/paths';
import { WEEKDAYS } from '../src/domain/contract/schedule';
import { demoAccounts, uniqueToken } from './inbox-data';
import { openEditor, type CampaignRecord } from './support/editor';
import { apiRequest, signIn, tool } from './support/session';

/**
 * Contract 10.3's do-not-contact list in the app: its page (add one, paste many, import a CSV,
 * remove), reached from the Audience page; and an entry seen in the launch review and in the run.
 */

test.describe.configure({ timeout: 120_000 });

const listRows = (page: Page) => page.getByRole('table', { name: 'Do-not-contact list' }).getByRole('row');

test('the do-not-contact page: add one, paste many with a refused link, import a CSV, remove one', async ({ page }) => {
  const token = uniqueToken('dnc');
  await signIn(page, '/audience');
  await page.getByRole('link', { name: 'Do not contact' }).click();
  await expect(page.getByRole('heading', { name: 'Do not contact', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audience', exact: true })).toHaveAttribute('aria-current', 'page');

  // One: a company, with its reason; without a reason it says why it cannot be added.
  await page.getByLabel('Leave out').selectOption({ label: 'Company' });
  await page.getByLabel('Company', { exact: true }).fill(`Acme ${token}`);
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByText('Say why (a few words, e.g. “Customer”).')).toBeVisible();
  await page.getByLabel('Reason').fill('Customer');
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByText(`Acme ${token} is on the do-not-contact list.`)).toBeVisible();

  // Many, pasted: each line's kind guessed, a link that is not LinkedIn or WhatsApp refused with the reason.
  await page.getByRole('button', { name: 'Paste many' }).click();
  await page
    .getByLabel(/^One per line/)
    .fill([`https://www.linkedin.com/in/${token}-ada/`, `${token}.example`, `https://twitter.com/${token}`].join('\n'));
  await page.getByLabel('Reason for all of them').fill('Asked not to be contacted');
  await expect(page.getByText('2 entries ready (1 person, 1 email domain), 1 line with a problem, left out:')).toBeVisible();
  await expect(page.getByText(/^twitter\.com is not LinkedIn or WhatsApp: use a LinkedIn profile link/)).toBeVisible();
  await page.getByRole('button', { name: 'Add 2 entries' }).click();
  await expect(page.getByText('2 entries added.')).toBeVisible();

  // A CSV with its own kind and reason columns.
  await page.getByRole('button', { name: 'Import a CSV' }).click();
  await page.locator('.dnc-file input[type=file]').setInputFiles({
    name: 'list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Kind,Value,Reason\r\ncompany,Globex ${token},Competitor\r\n`),
  });
  await page.getByLabel('Reason (for rows without their own)').fill('From the file');
  await page.getByRole('button', { name: 'Add 1 entry' }).click();
  await expect(page.getByText('1 entry added.')).toBeVisible();

  // The list: kind, who, reason and who added it.
  await page.getByPlaceholder('Search a name, link, domain or reason').fill(token);
  await expect(listRows(page)).toHaveCount(5);
  const ada = listRows(page).filter({ hasText: `linkedin.com/in/${token}-ada` });
  await expect(ada).toContainText('Person');
  await expect(ada).toContainText('Asked not to be contacted');
  // Added one by one here; many at once through the import (contract 10.3 createdBy).
  await expect(listRows(page).filter({ hasText: `Acme ${token}` })).toContainText('Added here');
  await expect(ada).toContainText('Imported');
  await expect(listRows(page).filter({ hasText: `Globex ${token}` })).toContainText('Competitor');

  // Remove one, after saying what it means.
  await page.getByRole('button', { name: `Take Acme ${token} off the list` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Take Acme ${token} off the do-not-contact list?` });
  await expect(dialog).toContainText('Campaigns may contact everyone whose company has this name again.');
  await dialog.getByRole('button', { name: 'Take off the list' }).click();
  await expect(listRows(page)).toHaveCount(4);
  const left = await apiRequest(page, 'GET', `/api/v1/exclusions?search=${token}`);
  expect(new Set((left.body.items as { kind: string; value: string }[]).map((e) => `${e.kind} ${e.value}`))).toEqual(
    new Set([`domain ${token}.example`, `company Globex ${token}`, `profile https://www.linkedin.com/in/${token}-ada`]),
  );
});

test('an entry is named in the launch review, and the run stops that prospect before contacting them', async ({ page }) => {
  test.setTimeout(150_000);
  const token = uniqueToken('dnr');
  await signIn(page, '/');
  const accounts = await demoAccounts(page);
  await apiRequest(page, 'PATCH', `/api/messaging/accounts/${accounts.linkedin}`, {
    dailyLimits: { connection_request: 500 },
    weeklyLimits: { connection_request: 10_000 },
  });
  const campaign = await tool<CampaignRecord>(page, 'create-campaign', {
    name: `Do not contact ${token}`,
    workflow_definition: findTemplate('connection-only')!.build(),
    senderAccountIds: [accounts.linkedin],
  });
  const everyDay = await apiRequest(page, 'PUT', `/api/v1/campaigns/${campaign.campaignId}/schedule`, {
    days: [...WEEKDAYS],
    start: '00:00',
    end: '23:59',
  });
  expect(everyDay.status).toBe(200);
  const prospects = [0, 1, 2].map((i) => ({ profileUrl: `https://www.linkedin.com/in/${token}-${i}`, name: `Person ${i} ${token}` }));
  expect((await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects })).status).toBe(200);
  const listed = (await apiRequest(page, 'GET', `/api/v1/prospects?search=${token}`)).body.items as { prospectId: string }[];
  expect(listed).toHaveLength(3);
  const enrolled = await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, {
    prospectIds: listed.map((p) => p.prospectId),
  });
  expect(enrolled.body).toMatchObject({ enrolled: 3 });
  // Then Person 1 asks not to be contacted.
  await apiRequest(page, 'POST', '/api/v1/exclusions', {
    kind: 'profile',
    value: prospects[1]!.profileUrl,
    reason: 'Asked not to be contacted',
  });

  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Review & launch' }).click();
  const review = page.getByRole('dialog', { name: 'Review and launch' });
  await expect(review.getByTestId('review-excluded')).toHaveText(
    '1 of your 3 prospects is on the do-not-contact list and will be skipped.',
  );
  // Named in the list of who will be skipped (the messages may be filled in for any enrolled prospect).
  await expect(review.getByRole('listitem').filter({ hasText: `Person 1 ${token}` })).toBeVisible();
  await review.getByRole('button', { name: 'Launch now' }).click();
  await expect(page.getByText(`“Do not contact ${token}” is launched`)).toBeVisible();

  // The run: the excluded prospect ends at their first step, nothing sent; the others go on.
  await expect
    .poll(
      async () =>
        (
          (await apiRequest(page, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?status=stopped`)).body.items as {
            outcome: string;
            prospect: { name: string };
          }[]
        ).map((e) => `${e.prospect.name}: ${e.outcome}`),
      { timeout: 60_000 },
    )
    .toEqual([`Person 1 ${token}: excluded`]);
  const panel = page.getByRole('complementary', { name: 'Run' });
  await expect(panel.getByRole('button', { name: '1 stopped' })).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('button', { name: '1 stopped' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: `Person 1 ${token}` })).toContainText('Stopped: on the do-not-contact list');
  const sent = await apiRequest(page, 'GET', `/api/messaging/conversations?search=${encodeURIComponent(`Person 1 ${token}`)}`);
  expect(sent.body.items).toEqual([]);
});

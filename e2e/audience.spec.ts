import { expect, test } from './support/test';
import { draftCampaign, importViaApi } from './audience-data';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn, tool } from './support/session';

// Each test imports, enrolls and reads back through the real server: on a loaded machine that takes over a minute.
test.describe.configure({ timeout: 120_000 });

test('search the audience, open a prospect (fields, custom fields, campaigns), delete after a question @smoke', async ({ page }) => {
  await signIn(page, '/audience');
  const token = uniqueToken('aud');
  const [first] = await importViaApi(page, token, 3);
  const campaign = await draftCampaign(page);
  await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: [first] });

  await page.getByLabel('Search prospects').fill(token);
  const list = page.getByRole('list', { name: 'Prospects' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('button', { name: new RegExp(`Person 0 ${token}`) }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: `Person 0 ${token}` })).toBeVisible();
  await expect(detail).toContainText('Company 0');
  await expect(detail).toContainText('{{firstName}}');
  await expect(detail).toContainText('Person0');
  await expect(detail.getByRole('link', { name: campaign.name })).toBeVisible();
  await expect(detail).toContainText('Waiting to start');
  expect(new URL(page.url()).searchParams.get('prospect')).toBe(first);

  await detail.getByRole('button', { name: 'Delete prospect' }).click();
  const question = page.getByRole('alertdialog', { name: `Delete Person 0 ${token}?` });
  await expect(question).toContainText(campaign.name);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Delete prospect' }).click();
  await question.getByRole('button', { name: 'Delete prospect' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect((await apiRequest(page, 'GET', `/api/v1/prospects/${first}`)).status).toBe(404);
});

test('filter by campaign and by status; add prospects to a campaign from the audience', async ({ page }) => {
  await signIn(page, '/audience');
  const token = uniqueToken('flt');
  const ids = await importViaApi(page, token, 4);
  const campaign = await draftCampaign(page);
  await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: ids.slice(0, 2) });

  await page.goto(`/audience?campaign=${campaign.campaignId}`);
  const list = page.getByRole('list', { name: 'Prospects' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Status').selectOption({ label: 'Waiting to start' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Status').selectOption({ label: 'Finished' });
  await expect(page.getByText('No prospect matches these filters.')).toBeVisible();

  // From the campaign's "Add from your audience": choose two more and add them.
  await page.goto(`/audience?addTo=${campaign.campaignId}&q=${token}`);
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await list.getByRole('checkbox', { name: `Choose Person 2 ${token}` }).check();
  await list.getByRole('checkbox', { name: `Choose Person 3 ${token}` }).check();
  await expect(page.getByText('2 prospects chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(page.getByText(`2 prospects added to “${campaign.name}”.`)).toBeVisible();
  const enrolled = await apiRequest(page, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments`);
  expect(enrolled.body.items).toHaveLength(4);

  // Someone already in another campaign is left out, then added anyway on request.
  const other = await draftCampaign(page);
  await page.goto(`/audience?addTo=${other.campaignId}&q=${token}`);
  await list.getByRole('checkbox', { name: `Choose Person 0 ${token}` }).check();
  await page.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(page.getByText(/0 prospects added .* 1 left out: already in another campaign/)).toBeVisible();
  await page.getByRole('button', { name: 'Add the 1 in other campaigns anyway' }).click();
  await expect(page.getByText(`1 prospect added to “${other.name}”.`)).toBeVisible();
});

test('the campaign toolbar counts prospects and edits the sending window and the senders’ daily limits', async ({ page }) => {
  await signIn(page);
  const token = uniqueToken('win');
  const ids = await importViaApi(page, token, 2);
  const campaign = await draftCampaign(page);
  await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: ids });
  await page.goto(`/campaigns/${campaign.campaignId}`);

  await page.getByRole('button', { name: /^2 prospects:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Prospects and sending' });
  await expect(dialog).toContainText('By default: Monday to Friday, 09:00–17:00');
  await expect(dialog.getByRole('link', { name: 'Add from your audience' })).toHaveAttribute(
    'href',
    `/audience?addTo=${campaign.campaignId}`,
  );

  await dialog.getByRole('checkbox', { name: 'Friday' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Saturday' }).check();
  await dialog.getByLabel('Until').fill('08:00');
  await expect(dialog.getByText('Until: must be after the start (09:00)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save the window' })).toBeDisabled();
  await dialog.getByLabel('Until').fill('18:30');
  await dialog.getByLabel('Time zone', { exact: true }).selectOption('Europe/Paris');
  await dialog.getByRole('checkbox', { name: /Use the prospect’s time zone/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save the window' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved: Monday to Thursday and Saturday, 09:00–18:30, Europe/Paris time.');
  const saved = await tool(page, 'get-campaign', { campaignId: campaign.campaignId, view: 'summary' });
  expect(saved.schedule).toEqual({
    timeZone: 'Europe/Paris',
    days: ['mon', 'tue', 'wed', 'thu', 'sat'],
    start: '09:00',
    end: '18:30',
    useProspectTimeZone: false,
  });

  // The sender's limits, defaults explained beside each.
  const limits = dialog.getByRole('group', { name: /LinkedIn/ });
  await expect(limits.getByText('default 20').first()).toBeVisible();
  await limits.getByLabel('Invitations to connect').fill('15');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits.getByRole('status')).toHaveText(/^Daily limits of .* saved\.$/);
  const accounts = (await apiRequest(page, 'GET', '/api/messaging/accounts')).body.items as {
    id: string;
    dailyLimits: Record<string, number>;
  }[];
  expect(accounts.find((a) => a.id === campaign.senderId)!.dailyLimits.connection_request).toBe(15);
  await limits.getByLabel('Invitations to connect').fill('20');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits.getByRole('status')).toHaveText(/^Daily limits of .* saved\.$/);
  await expect(limits.getByRole('button', { name: 'Save limits' })).toBeDisabled();
});

test('on a phone the audience list and a prospect are readable, one at a time', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/audience');
  const token = uniqueToken('ph');
  await importViaApi(page, token, 2);
  await page.getByLabel('Search prospects').fill(token);
  const list = page.getByRole('list', { name: 'Prospects' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const box = await list.boundingBox();
  expect(box!.width).toBeGreaterThan(360);
  await list.getByRole('button', { name: new RegExp(`Person 1 ${token}`) }).click();
  await expect(page.getByRole('heading', { name: `Person 1 ${token}` })).toBeVisible();
  await expect(list).toBeHidden();
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls).toBe(false);
  await page.getByRole('button', { name: '← All prospects' }).click();
  await expect(list).toBeVisible();
});

test('a prospect of the running demo campaign opens its timeline from the audience', async ({ page }) => {
  await signIn(page, '/audience');
  await page.getByLabel('Search prospects').fill('demo-prospect-7');
  const list = page.getByRole('list', { name: 'Prospects' });
  // The search has applied once the first row is a demo prospect (until then it may be another test's).
  await expect(list.getByRole('button').first()).toContainText('Head of Revenue Operations');
  await list.getByRole('button').first().click();
  const detail = page.getByRole('article');
  const name = (await detail.getByRole('heading', { level: 2 }).textContent())!;
  const timeline = detail.getByRole('link', { name: /^Timeline in “Webinar invites/ });
  // The demo's run worker starts its prospects within seconds of the server's start.
  await expect(async () => {
    await page.reload();
    await expect(timeline).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await timeline.click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Run' })).toBeVisible();
});

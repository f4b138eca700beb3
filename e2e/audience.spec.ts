import { expect, test } from './support/test';
import { draftCampaign, importViaApi } from './audience-data';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

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

  // Still in a campaign that is not done with them (contract 10.3): it says so instead of offering to delete.
  await expect(detail).toContainText(`Person 0 ${token} can be deleted once “${campaign.name}” is done with them (or stopped).`);
  await expect(detail.getByRole('button', { name: 'Delete prospect' })).toHaveCount(0);

  // Someone in no running campaign: deleted after a question that says what goes and what stays.
  await list.getByRole('button', { name: new RegExp(`Person 1 ${token}`) }).click();
  await expect(detail.getByRole('heading', { name: `Person 1 ${token}` })).toBeVisible();
  await detail.getByRole('button', { name: 'Delete prospect' }).click();
  const question = page.getByRole('alertdialog', { name: `Delete Person 1 ${token}?` });
  await expect(question).toContainText('Campaign counts keep them, and their conversations stay in the inbox.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Delete prospect' }).click();
  await question.getByRole('button', { name: 'Delete prospect' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect((await apiRequest(page, 'GET', `/api/v1/prospects/${first}`)).status).toBe(200);
  expect((await apiRequest(page, 'GET', `/api/v1/prospects?search=${encodeURIComponent(`Person 1 ${token}`)}`)).body.items).toEqual([]);
});

test('the audience shows its total; chosen prospects are added to a campaign or deleted together', async ({ page }) => {
  const token = uniqueToken('blk');
  const ids = await importViaApi(page, token, 4);
  const campaign = await draftCampaign(page);
  const other = await draftCampaign(page);
  await signIn(page, '/audience');
  await apiRequest(page, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: [ids[0]] });
  // Other tests import meanwhile: the total is a count, whatever it is now.
  await expect(page.getByRole('heading', { name: /^Audience/ })).toContainText(/^Audience[\d,]+\+? prospects$/);

  await page.getByLabel('Search prospects').fill(token);
  await expect(page.getByRole('heading', { name: /^Audience/ })).toHaveText('Audience4 match');
  const list = page.getByRole('list', { name: 'Prospects' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const chosen = page.getByRole('region', { name: 'Chosen prospects' });

  // Two chosen, added to a campaign together.
  await list.getByRole('checkbox', { name: `Choose Person 1 ${token}` }).check();
  await list.getByRole('checkbox', { name: `Choose Person 2 ${token}` }).check();
  await expect(chosen).toContainText('2 prospects chosen.');
  await chosen.getByRole('combobox', { name: 'Add to campaign' }).selectOption({ label: other.name });
  await chosen.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(chosen.getByText(`2 prospects added to “${other.name}”.`)).toBeVisible();

  // All four deleted together: the three still in a campaign that has not finished with them are kept, and the toast says so.
  await chosen.getByRole('button', { name: 'Choose all 4 shown' }).click();
  await expect(chosen).toContainText('4 prospects chosen.');
  await chosen.getByRole('button', { name: 'Delete chosen' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete 4 prospects?' });
  await expect(question).toContainText('Anyone still in a campaign that has not finished with them is kept.');
  await question.getByRole('button', { name: 'Delete 4 prospects' }).click();
  await expect(page.getByText('1 prospect deleted; 3 kept: still in a campaign that has not finished with them.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(chosen).toHaveCount(0);
});

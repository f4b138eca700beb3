import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { draftCampaign } from './audience-data';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

// Each test imports, enrolls and reads back through the real server: on a loaded machine that takes over a minute.
test.describe.configure({ timeout: 120_000 });

/** A CSV as spreadsheet apps write it: a byte-order mark, Windows line endings, commas inside quotes, one bad URL. */
function awkwardCsv(token: string): string {
  const rows = [
    'First name,Last name,LinkedIn URL,Company,Job title,Favourite colour',
    `Ada,Lovelace,https://www.linkedin.com/in/${token}-ada,"Engines, Ltd",Countess,blue`,
    `Grace,Hopper,https://www.linkedin.com/in/${token}-grace/,"Navy, ""the"" US",Rear admiral,`,
    `Alan,Turing,not a profile link,Bletchley,Cryptanalyst,green`,
    `Katherine,Johnson,https://www.linkedin.com/in/${token}-katherine?utm_source=x,NASA,"Mathematician, physicist",red`,
  ];
  return `\ufeff${rows.join('\r\n')}\r\n`;
}

test('import a CSV with a BOM, Windows line endings, quoted commas and a bad URL; the summary; add to a campaign; the count @smoke', async ({
  page,
}) => {
  await signIn(page, '/audience/import');
  const token = uniqueToken('imp');
  const campaign = await draftCampaign(page);

  await page
    .getByTestId('csv-drop-zone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(awkwardCsv(token)) });

  // Columns matched to fields by their headers.
  await expect(page.getByText('4 people in 6 columns')).toBeVisible();
  await expect(page.getByLabel('Import “LinkedIn URL” as')).toHaveValue('field:profileUrl');
  await expect(page.getByLabel('Import “Company” as')).toHaveValue('field:company');
  // First and last name are the prospect's name, the job title its headline (issue 39): not custom fields.
  await expect(page.getByLabel('Import “First name” as')).toHaveValue('part:firstName');
  await expect(page.getByLabel('Import “Job title” as')).toHaveValue('field:headline');
  // The row whose link is not a profile is named before the import, with the reason (issue 39 major 6, contract 10.3).
  await expect(page.getByText('1 row will not be imported: only LinkedIn and WhatsApp profiles can be contacted.')).toBeVisible();
  await expect(page.locator('.import-refused-list li')).toHaveText(
    /^Row 4 not a profile link: This is not a web link: use a LinkedIn profile link \(https:\/\/www\.linkedin\.com\/in\/…\)/,
  );
  await expect(page.getByLabel('Custom field name for “Favourite colour”')).toHaveValue('favouriteColour');

  // The campaign's first message for each row; the one unfilled placeholder highlighted.
  await page.getByLabel('Show the first message of').selectOption({ label: campaign.name });
  const preview = page.getByRole('table', { name: 'First rows' });
  await expect(preview).toContainText('Hi Ada, Engines, Ltd looks great. blue?');
  await expect(preview.locator('mark', { hasText: '{{favouriteColour}}' })).toHaveCount(1);
  await expect(page.getByText(/1 row of 4 would leave a placeholder unfilled/)).toBeVisible();

  await page.getByRole('button', { name: 'Import 4 prospects' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  const stat = (name: string) => page.locator('.import-stat').filter({ has: page.getByText(name, { exact: true }) });
  await expect(stat('Added')).toContainText('3');
  await expect(stat('Not imported')).toContainText('1');
  await expect(page.getByText(/Row 4: LinkedIn profile URL/)).toBeVisible();

  // The refused rows, downloadable as a CSV with what is wrong.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the 1 row not imported (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('people-not-imported.csv');
  const refused = readFileSync((await download.path())!, 'utf8');
  expect(refused).toContain('First name,Last name,LinkedIn URL,Company,Job title,Favourite colour,Problem');
  expect(refused).toMatch(/\r\nAlan,Turing,not a profile link,Bletchley,Cryptanalyst,green,"?LinkedIn profile URL: /);

  // Stored as typed: quoted commas and quotes intact, the URL normalised.
  const grace = (await apiRequest(page, 'GET', `/api/v1/prospects?search=${token}-grace`)).body.items[0];
  expect(grace.company).toBe('Navy, "the" US');
  expect(grace.profileUrl).toBe(`https://www.linkedin.com/in/${token}-grace`);
  expect(grace.name).toBe('Grace Hopper');
  expect(grace.headline).toBe('Rear admiral');
  expect(grace.customFields).toEqual({ firstName: 'Grace', lastName: 'Hopper' });

  // Then into the campaign, and its toolbar counts them.
  await page.getByRole('combobox', { name: 'Add to campaign' }).selectOption({ label: campaign.name });
  await page.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(page.getByText(`3 prospects added to “${campaign.name}”.`)).toBeVisible();
  await page.getByRole('link', { name: `Open “${campaign.name}”` }).click();
  await expect(page.getByRole('button', { name: /^3 prospects:/ })).toBeVisible();
});

test('a 10,000-row file imports in chunks with progress, to the summary', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/audience/import');
  const token = uniqueToken('big');
  const lines = ['Full name,Profile URL,Company,Job title'];
  for (let i = 0; i < 10_000; i++)
    lines.push(`"Person ${i}, Jr.",https://www.linkedin.com/in/${token}-${i},"Company ${i % 50}, Inc",Role ${i}`);
  await page
    .getByTestId('csv-drop-zone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
  await page.getByRole('button', { name: 'Import 10,000 prospects' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('.import-stat').filter({ hasText: 'Added' })).toContainText('10,000');
  await expect(page.locator('.import-stat').filter({ hasText: 'Not imported' })).toContainText('0');
});

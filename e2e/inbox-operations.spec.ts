import { expect, test, type Page } from './support/test';
import { createCampaign, uniqueName } from './support/editor';
import { demoAccounts, ingest, rowNames, uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

/** Contract 8.2 in the app: read state, bulk tags, keyboard flow, filters in history, step counts. */

const row = (page: Page, name: string) => page.getByRole('option').filter({ hasText: name });
const conversation = async (page: Page, id: string) => (await apiRequest(page, 'GET', `/api/messaging/conversations/${id}`)).body;

test('opening a thread marks it read once; "Mark unread" keeps it unread while it stays open', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('read');
  const id = await ingest(page, { accountId: acc.linkedin, conversation: r, name: `Rita ${r}`, text: 'Are you free Friday?' });
  let patches = 0;
  page.on('request', (req) => req.method() === 'PATCH' && req.url().includes(id) && patches++);

  await page.goto(`/inbox?search=${r}`);
  await expect(row(page, `Rita ${r}`)).toHaveClass(/is-unread/);
  await page.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(page).toHaveURL(/unread=true/);
  await expect(rowNames(page)).toHaveText([`Rita ${r}`]);

  await row(page, `Rita ${r}`).click();
  await expect(page.getByRole('button', { name: 'Mark unread' })).toBeVisible();
  expect((await conversation(page, id)).unreadCount).toBe(0);
  await expect(row(page, `Rita ${r}`)).not.toHaveClass(/is-unread/);

  await page.getByRole('button', { name: 'Mark unread' }).click();
  await expect(page.getByRole('button', { name: 'Mark read' })).toBeVisible();
  await expect(row(page, `Rita ${r}`)).toHaveClass(/is-unread/);
  await page.waitForTimeout(300); // would a re-render mark it read again? (it must not)
  expect((await conversation(page, id)).unreadCount).toBe(1);
  expect(patches).toBe(2);
  await expect(page).toHaveTitle(/^\(\d+\) Inbox/);
});

test('select with a click and Shift+click, then tag them all from the bulk bar', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('bulk');
  const tag = `bulk-${r.slice(-6)}`;
  const ids: string[] = [];
  for (const [i, name] of ['Ann', 'Ben', 'Cat', 'Dov'].entries())
    ids.push(
      await ingest(page, {
        accountId: acc.linkedin,
        conversation: `${r}-${i}`,
        name: `${name} ${r}`,
        text: 'hi',
        at: new Date(Date.now() - i * 60_000),
      }),
    );

  await page.goto(`/inbox?search=${r}`);
  await expect(rowNames(page)).toHaveCount(4);
  await row(page, `Ann ${r}`).locator('.conv-check').click();
  await row(page, `Cat ${r}`)
    .locator('.conv-check')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected conversations' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await bar.getByLabel('Tag for the selected conversations').fill(tag);
  await bar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText(`Tagged 3 conversations “${tag}”`)).toBeVisible();
  expect((await Promise.all(ids.map((id) => conversation(page, id)))).map((c) => c.tags)).toEqual([[tag], [tag], [tag], []]);

  await page.goto(`/inbox?tag=${tag.toUpperCase()}`);
  await expect(rowNames(page)).toHaveText([`Ann ${r}`, `Ben ${r}`, `Cat ${r}`]);
});

test('keyboard: j/k move a visible focus, Enter opens, then j/k move the open conversation, e marks done, x selects, Esc closes, / searches', async ({
  page,
}) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('keys');
  for (const [i, name] of ['Kai', 'Lea', 'Mo'].entries())
    await ingest(page, {
      accountId: acc.whatsapp,
      conversation: `${r}-${i}`,
      name: `${name} ${r}`,
      text: 'ping',
      at: new Date(Date.now() - i * 60_000),
    });

  await page.goto(`/inbox?search=${r}`);
  await expect(rowNames(page)).toHaveCount(3);
  await page.locator('.inbox-count').click(); // a click in the page, not on the list
  await page.keyboard.press('j');
  await expect(row(page, `Kai ${r}`)).toHaveClass(/is-active/);
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(row(page, `Kai ${r}`)).toHaveClass(/is-active/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Kai ${r}` })).toBeVisible();

  // With the thread open, j/k move the open conversation itself (one cursor: the open row is the active one).
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: `Lea ${r}` })).toBeVisible();
  await expect(row(page, `Lea ${r}`)).toHaveClass(/is-active/);
  await expect(page.locator('.is-active[role="option"]')).toHaveCount(1);
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: `Kai ${r}` })).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: `Lea ${r}` })).toBeVisible();
  // x selects, e marks done and moves on.
  await page.keyboard.press('x');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.keyboard.press('e');
  await expect(page.getByRole('heading', { name: `Mo ${r}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/conversation=/);
  await page.keyboard.press('Escape');
  await expect(page.getByText('1 selected')).toHaveCount(0);

  await page.keyboard.press('/');
  await expect(page.getByLabel('Search conversations')).toBeFocused();
  await page.keyboard.type('j');
  await expect(page.getByLabel('Search conversations')).toHaveValue(new RegExp(`^.{${r.length + 1}}$`)); // typed, not a move
});

test('Back undoes a filter (the URL is the single source of filters)', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('back');
  await ingest(page, { accountId: acc.whatsapp, conversation: `${r}-a`, name: `Wa ${r}`, text: 'x' });
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-b`, name: `Li ${r}`, text: 'y', direction: 'outbound' });

  await page.goto(`/inbox?search=${r}`);
  await expect(rowNames(page)).toHaveCount(2);
  await page.getByLabel('Channel').selectOption('messaging_app');
  await expect(rowNames(page)).toHaveText([`Wa ${r}`]);
  await page.getByLabel('Reply state').selectOption('awaiting_reply');
  await expect(page.getByText('No conversations match these filters')).toBeVisible();
  await page.goBack();
  await expect(rowNames(page)).toHaveText([`Wa ${r}`]);
  await expect(page.getByLabel('Reply state')).toHaveValue('');
  await page.goBack();
  await expect(rowNames(page)).toHaveCount(2);
  await expect(page.getByLabel('Channel')).toHaveValue('');
});

test('step counts on the canvas open the inbox filtered to that step; the thread links back to the step', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('step');
  const campaign = await createCampaign(page, uniqueName('Replies'));
  const link = { campaignId: campaign.campaignId, nodeId: 'connection_request' };
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-1`, name: `Sam ${r}`, text: 'Hello', direction: 'outbound', ...link });
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-1`, name: `Sam ${r}`, text: 'Hi back' });
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-2`, name: `Tia ${r}`, text: 'Hello', direction: 'outbound', ...link });

  await page.goto(`/campaigns/${campaign.campaignId}`);
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Replies per step', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const badge = page.getByTestId('step-stats-connection_request');
  await expect(badge).toHaveAccessibleName(/^2 conversations, 1 replied, 1 needs a reply/);
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?campaign=${campaign.campaignId}&step=connection_request`));
  await expect(rowNames(page)).toHaveText([`Tia ${r}`, `Sam ${r}`]);

  await row(page, `Sam ${r}`).click();
  const context = page.getByTestId('thread-campaign');
  await expect(context).toContainText(campaign.name);
  await expect(context).toContainText('Connection request');
  await context.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.campaignId}\\?node=connection_request`));
  await expect(page.locator('.react-flow__node[data-id="connection_request"]')).toHaveClass(/selected/);
});

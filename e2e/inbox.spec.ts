import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { demoAccounts, ingest, rowNames, uniqueToken } from './inbox-data';
import { apiRequest, signIn, tool } from './support/session';

test('search finds a message text; keyboard moves, opens and focuses search', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('srch');
  const t0 = new Date(Date.now() - 60_000);
  await ingest(page, {
    accountId: acc.linkedin,
    conversation: r,
    name: `Dana ${r.slice(-5)}`,
    text: `The zebra budget ${r} is approved`,
    at: t0,
  });
  await ingest(page, {
    accountId: acc.linkedin,
    conversation: r,
    name: `Dana ${r.slice(-5)}`,
    text: 'Great, talk soon',
    direction: 'outbound',
  });

  await page.goto('/inbox');
  await expect(rowNames(page).first()).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search conversations')).toBeFocused();
  await page.keyboard.type(`zebra budget ${r}`);
  await expect(rowNames(page)).toHaveText([`Dana ${r.slice(-5)}`]);
  // Typing j/k into the search box must not move the list.
  await expect(page.getByLabel('Search conversations')).toHaveValue(`zebra budget ${r}`);

  await page.getByRole('listbox', { name: 'Conversations' }).focus();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByText(`The zebra budget ${r} is approved`)).toBeVisible();
  await expect(thread.getByText('Great, talk soon')).toBeVisible();
  await expect(page).toHaveURL(/conversation=/);
});

test('search shows why each row matched: the words marked in its name, company or message', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('why');
  const word = `Quokka${r.slice(-5)}`;
  const long = `Thanks for reaching out! We are reviewing our outreach stack this month and the ${word.toLowerCase()} plan is approved`;
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-msg`, name: `Mia ${r}`, text: long });
  await ingest(page, { accountId: acc.linkedin, conversation: `${r}-name`, name: `${word} Berg`, text: 'Hello there' });
  await ingest(page, {
    accountId: acc.linkedin,
    conversation: `${r}-co`,
    name: `Kai ${r}`,
    headline: `CTO at ${word} Labs`,
    text: 'See you Monday',
  });
  await ingest(page, { accountId: acc.whatsapp, conversation: `${r}-old`, name: `Ola ${r}`, text: `An older note about ${word}` });
  await ingest(page, {
    accountId: acc.whatsapp,
    conversation: `${r}-old`,
    name: `Ola ${r}`,
    text: 'Latest: all good',
    direction: 'outbound',
  });

  await page.goto(`/inbox?search=${word.toUpperCase()}`);
  const row = (name: string) => page.getByRole('option').filter({ hasText: name });
  await expect(rowNames(page)).toHaveCount(4);
  // The message's match is marked and kept in view, even deep in a long text.
  await expect(row(`Mia ${r}`).locator('.conv-preview mark')).toHaveText(word.toLowerCase());
  await expect(row(`Mia ${r}`).locator('.conv-preview')).toContainText('…');
  await expect(row(`${word} Berg`).locator('.conv-name mark')).toHaveText(word);
  await expect(row(`Kai ${r}`).locator('.conv-headline mark')).toHaveText(word);
  // A match in a message the row does not show is named as such.
  await expect(row(`Ola ${r}`)).toContainText('Matched an earlier message');
  await expect(row(`Mia ${r}`)).not.toContainText('Matched an earlier message');

  // Without a search nothing is marked.
  await page.goto(`/inbox?search=${r}`);
  await expect(row(`Mia ${r}`).locator('mark')).toHaveText([r]);
  await page.getByLabel('Search conversations').fill('');
  await expect(page.locator('.conv-row mark')).toHaveCount(0);
});

test('tag edit, then the tag filter finds it; removing it empties the view', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('tag');
  const tag = `hot-${r.slice(-6)}`;
  await ingest(page, { accountId: acc.whatsapp, conversation: r, name: `Eve ${r}`, text: 'Interested!' });

  await page.goto(`/inbox?search=${r}`);
  await page
    .getByRole('option')
    .filter({ hasText: `Eve ${r}` })
    .click();
  await page.getByLabel('New tag').fill(tag);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('list', { name: 'Tags of this conversation' }).getByText(tag)).toBeVisible();
  await expect(
    page
      .getByRole('option')
      .filter({ hasText: `Eve ${r}` })
      .getByText(tag),
  ).toBeVisible();

  await page.goto(`/inbox?tag=${tag.toUpperCase()}`);
  await expect(rowNames(page)).toHaveText([`Eve ${r}`]);
  await page
    .getByRole('option')
    .filter({ hasText: `Eve ${r}` })
    .click();
  await page.getByRole('button', { name: `Remove tag ${tag}` }).click();
  await expect(page.getByText('No conversations match these filters')).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('');
  await expect(rowNames(page).first()).toBeVisible();
});

test('demo conversations come only from launched campaigns, each from a step that sends', async ({ page }) => {
  await signIn(page);
  const { items } = await tool<{ items: { campaignId: string; name: string; status: string }[] }>(page, 'list-campaigns', { limit: 100 });
  const draft = items.find((c) => c.name === 'Founder outreach — Q3');
  const running = items.find((c) => c.name === 'Webinar invites — RevOps leaders');
  expect(draft?.status).toBe('draft');
  expect(running?.status).toBe('active');
  const counts = async (campaignId: string) =>
    (await apiRequest(page, 'GET', `/api/v1/campaigns/${campaignId}/step-stats`)).body.items as { nodeId: string; conversations: number }[];
  expect(await counts(draft!.campaignId)).toEqual([]);
  const steps = await counts(running!.campaignId);
  // Only the invitation and the message of the running campaign send; its start and end produce nothing.
  expect(steps.map((s) => s.nodeId).sort()).toEqual(['invite', 'webinar_link']);
  expect(steps.every((s) => s.conversations > 0)).toBe(true);

  // In the app: the draft's filter shows no conversation (by address: other tests' campaigns may fill the picker's first page).
  await page.goto(`/inbox?campaign=${draft!.campaignId}`);
  await expect(page.getByText('No conversations match these filters')).toBeVisible();
  await page.goto(`/inbox?campaign=${running!.campaignId}`);
  await expect(rowNames(page).first()).toBeVisible();
});

test('the tag filter ignores case and suggests the workspace tags as you type', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('tgc');
  const tag = `Partner-${r.slice(-6)}`;
  const id = await ingest(page, { accountId: acc.linkedin, conversation: r, name: `Uma ${r}`, text: 'Let us team up' });
  expect((await apiRequest(page, 'PUT', `/api/messaging/conversations/${id}/tags`, { tags: [tag] })).status).toBe(200);

  await page.goto('/inbox');
  const input = page.getByLabel('Tag', { exact: true });
  // The suggestions are the workspace's tags (a datalist the browser filters as you type).
  const listId = await input.getAttribute('list');
  await expect(page.locator(`datalist[id="${listId}"] option[value="${tag}"]`)).toHaveCount(1);
  await expect(page.locator(`datalist[id="${listId}"] option[value="Investor"]`)).toHaveAttribute('label', /conversations?$/);
  await input.fill(tag.toLowerCase());
  await input.press('Enter');
  await expect(rowNames(page)).toHaveText([`Uma ${r}`]);
  await input.fill(tag.toUpperCase());
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`tag=${tag.toUpperCase()}`));
  await expect(rowNames(page)).toHaveText([`Uma ${r}`]);
});

test('infinite scroll loads the next page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('inf');
  const total = 130; // page size is 100
  for (let i = 0; i < total; i += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, total - i) }, (_, j) =>
        ingest(page, {
          accountId: acc.linkedin,
          conversation: `${r}-${i + j}`,
          name: `Row ${i + j} ${r}`,
          text: 'hello',
          at: new Date(Date.now() - (i + j) * 1000),
        }),
      ),
    );
  await page.goto(`/inbox?search=${r}`);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list).toHaveAttribute('data-loaded-rows', '100');
  await expect(page.getByText('100+ conversations')).toBeVisible();
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list).toHaveAttribute('data-loaded-rows', String(total));
  await expect(page.getByText(`${total} conversations`)).toBeVisible();
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rowNames(page).last()).toHaveText(`Row ${total - 1} ${r}`);
  // Virtualized: only a window of rows is in the DOM.
  expect(await rowNames(page).count()).toBeLessThan(40);
});

test('inbox has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, '/inbox');
  await expect(rowNames(page).first()).toBeVisible();
  await rowNames(page).first().click();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

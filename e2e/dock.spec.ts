import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { demoAccounts, ingest, uniqueToken } from './inbox-data';
import { apiRequest, signIn, tool } from './support/session';

async function openCampaign(page: Page): Promise<string> {
  await signIn(page);
  const campaign = await tool(page, 'create-campaign', { name: `Dock ${uniqueToken()}` });
  await page.goto(`/campaigns/${campaign.campaignId}`);
  // At 1440 px the dock starts as its icon rail (the canvas keeps room to draw); open it.
  await page.getByRole('button', { name: 'Expand side panel' }).click();
  await expect(page.getByRole('complementary', { name: 'Side panel' })).toBeVisible();
  return campaign.campaignId as string;
}
const dock = (page: Page) => page.getByRole('complementary', { name: /^Side panel/ });
const widthOf = async (page: Page) => (await dock(page).boundingBox())!.width;

test('the dock sits beside the editor with Inbox / Inspiration / Webhooks tabs', async ({ page }) => {
  await openCampaign(page);
  const box = (await dock(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 2); // flush right
  expect(box.x).toBeGreaterThan(viewport.width / 3); // the editor keeps the left side

  const tabs = dock(page).getByRole('tab');
  await expect(tabs).toHaveText([/Inbox/, /Inspiration/, /Webhooks/]);
  await dock(page)
    .getByRole('tab', { name: /Inspiration/ })
    .click();
  await expect(dock(page).getByRole('tabpanel')).toContainText('Saved inspirations');
  await page.keyboard.press('ArrowRight');
  await expect(dock(page).getByRole('tab', { name: /Webhooks/ })).toHaveAttribute('aria-selected', 'true');
  await expect(dock(page).getByRole('tabpanel').getByRole('heading', { name: 'Endpoints' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dock(page).getByRole('tab', { name: /Inbox/ })).toHaveAttribute('aria-selected', 'true');
  await expect(dock(page).getByRole('listbox', { name: 'Conversations' })).toBeVisible();
});

test('collapse and expand; the state survives reload', async ({ page }) => {
  await openCampaign(page);
  const open = await widthOf(page);
  await dock(page).getByRole('button', { name: 'Collapse side panel' }).click();
  await expect(dock(page).getByRole('tab')).toHaveCount(0);
  expect(await widthOf(page)).toBeLessThan(60);
  await page.reload();
  await expect(dock(page).getByRole('button', { name: 'Expand side panel' })).toBeVisible();
  await dock(page).getByRole('button', { name: 'Open Webhooks in the side panel' }).click();
  await expect(dock(page).getByRole('tab', { name: /Webhooks/ })).toHaveAttribute('aria-selected', 'true');
  expect(Math.abs((await widthOf(page)) - open)).toBeLessThan(2);
});

test('resize by dragging and by keyboard; the width is remembered', async ({ page }) => {
  await openCampaign(page);
  const handle = dock(page).getByRole('separator', { name: 'Resize side panel' });
  const start = await widthOf(page);
  const h = (await handle.boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x - 60, h.y + h.height / 2, { steps: 5 });
  await page.mouse.move(h.x - 120, h.y + h.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(Math.round(await widthOf(page))).toBeGreaterThanOrEqual(Math.round(start + 115));

  await handle.focus();
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 16));
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 16 + 64));
  const remembered = await widthOf(page);
  await page.reload();
  await expect(dock(page)).toBeVisible();
  expect(Math.abs((await widthOf(page)) - remembered)).toBeLessThan(2);
  await page.keyboard.press('Tab'); // (focus leaves the body; width unchanged)
  await dock(page).getByRole('separator').focus();
  await page.keyboard.press('Enter'); // reset
  await expect(dock(page).getByRole('separator')).toHaveAttribute('aria-valuenow', '400');
});

test('the inbox in the dock keeps its filters off the editor URL; "full view" carries them to /inbox', async ({ page }) => {
  const campaignId = await openCampaign(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('dock');
  await ingest(page, { accountId: acc.whatsapp, conversation: r, name: `Finn ${r}`, text: 'Hi from the dock test' });
  await dock(page).getByRole('tab', { name: /Inbox/ }).click();
  await dock(page).getByLabel('Search conversations').fill(r);
  await expect(dock(page).locator('.conv-name')).toHaveText([`Finn ${r}`]);
  expect(new URL(page.url()).pathname).toBe(`/campaigns/${campaignId}`);
  expect(new URL(page.url()).search).toBe('');

  await dock(page).locator('.conv-row').first().click();
  await expect(dock(page).getByRole('heading', { name: `Finn ${r}` })).toBeVisible();
  await dock(page).getByRole('button', { name: 'Back to conversations' }).click();
  await expect(dock(page).getByRole('listbox', { name: 'Conversations' })).toBeVisible();

  await dock(page).getByRole('link', { name: 'Open Inbox full view' }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?search=${r}`));
  await expect(page.locator('.conv-name')).toHaveText([`Finn ${r}`]);
});

test('dock panes have no serious or critical accessibility violations', async ({ page }) => {
  await openCampaign(page);
  for (const tab of ['Inbox', 'Inspiration', 'Webhooks']) {
    await dock(page)
      .getByRole('tab', { name: new RegExp(tab) })
      .click();
    await expect(dock(page).getByRole('tabpanel')).not.toBeEmpty();
    await page.waitForTimeout(300);
    const results = await new AxeBuilder({ page }).include('.dock').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${tab} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('"Use in message" and dragging a card put an inspiration into the selected message node at once, undoably', async ({ page }) => {
  await openCampaign(page);
  const r = uniqueToken('use');
  const first = `Clicked in ${r}`;
  const second = `Dragged in ${r}`;
  for (const text of [first, second])
    expect((await apiRequest(page, 'POST', '/api/v1/content/inspiration', { text, author: 'E2E' })).status).toBe(201);

  await dock(page)
    .getByRole('tab', { name: /Inspiration/ })
    .click();
  await dock(page).getByLabel('Search inspirations').fill(r);
  const card = (text: string) => dock(page).getByRole('listitem').filter({ hasText: text });
  await expect(card(first).getByRole('button', { name: 'Use in message' })).toBeDisabled();
  await expect(dock(page).getByText('Select a message step on the canvas')).toBeVisible();

  const node = page.locator('.react-flow__node').filter({ hasText: 'Connection request' });
  await node.click();
  await expect(card(first).getByRole('button', { name: 'Use in message' })).toBeEnabled();
  const field = page.locator('textarea.insp-template');
  const written = await field.inputValue();
  expect(written.trim()).not.toBe('');

  // No cursor placed in a written message: a drop on the step adds the post after it at once — no question
  // below the card, out of view — and the toast's Undo takes it back.
  await card(second).dragTo(node);
  await expect(field).toHaveValue(`${written.trimEnd()}\n\n${second}`);
  await expect(card(second).getByRole('alertdialog')).toHaveCount(0);
  const added = page.getByRole('status').filter({ hasText: /Added after the message of/ });
  await expect(added).toBeInViewport();
  await added.getByRole('button', { name: 'Undo' }).click();
  await expect(field).toHaveValue(written);

  // The button does the same; the editor's own Undo takes it back too.
  await card(first).getByRole('button', { name: 'Use in message' }).click();
  await expect(field).toHaveValue(`${written.trimEnd()}\n\n${first}`);
  await page.getByRole('toolbar', { name: 'Campaign editor' }).getByRole('button', { name: /^Undo/ }).click();
  await expect(field).toHaveValue(written);
  await field.fill(first);

  // With the cursor placed in the step's message field, the post goes in there, the rest kept.
  await expect(field).toHaveValue(first);
  await field.click();
  await page.keyboard.press('Control+Home');
  await card(second).getByRole('button', { name: 'Use in message' }).click();
  await expect(page.getByText(/Inserted at the cursor/)).toBeVisible();
  await expect(field).toHaveValue(`${second}${first}`);

  // A drop on the step goes in at the cursor too.
  await field.click();
  await page.keyboard.press('Control+End');
  await card(first).dragTo(node);
  await expect(field).toHaveValue(`${second}${first}${first}`);
  await expect(page.getByText(/Inserted at the cursor/).last()).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test(`"Use in message" answers where it can be seen at ${viewport.width}×${viewport.height}: the message, the toast with Undo`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openCampaign(page);
    const text = `Used at ${viewport.width} ${uniqueToken('use')}`;
    expect((await apiRequest(page, 'POST', '/api/v1/content/inspiration', { text, author: 'E2E' })).status).toBe(201);
    await dock(page)
      .getByRole('tab', { name: /Inspiration/ })
      .click();
    await dock(page).getByLabel('Search inspirations').fill(text);
    const card = dock(page).getByRole('listitem').filter({ hasText: text });
    await page.locator('.react-flow__node').filter({ hasText: 'Connection request' }).click();
    const field = page.locator('textarea.insp-template');
    const written = await field.inputValue();
    await card.getByRole('button', { name: 'Use in message' }).click();
    await expect(field).toHaveValue(`${written.trimEnd()}\n\n${text}`);
    const added = page.getByRole('status').filter({ hasText: /Added after the message of/ });
    await expect(added).toBeInViewport({ ratio: 1 });
    const [toast, button] = [(await added.boundingBox())!, (await card.getByRole('button', { name: 'Use in message' }).boundingBox())!];
    const apart =
      toast.x >= button.x + button.width ||
      button.x >= toast.x + toast.width ||
      toast.y >= button.y + button.height ||
      button.y >= toast.y + toast.height;
    expect(apart, 'the toast covers the button just clicked').toBe(true);
    await page.screenshot({ path: test.info().outputPath(`use-in-message-${viewport.width}.png`) });
    await added.getByRole('button', { name: 'Undo' }).click();
    await expect(field).toHaveValue(written);
  });
}

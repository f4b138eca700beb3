import { expect, test, type Page } from './support/test';
import { seriousViolations, useTheme } from './support/axe';
import { canvasNode, createCampaign, openEditor, uniqueName } from './support/editor';
import { demoAccounts, ingest, rowNames, uniqueToken } from './inbox-data';
import { signIn } from './support/session';

/** At 390×844 every page fits the phone's width and its controls are reachable. */

test.use({ viewport: { width: 390, height: 844 } });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/** The control is on screen, inside the phone's width. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test('the top navigation folds behind a menu button that opens it', async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: /Campaigns/ });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expectWithinWidth(page, nav.getByRole('link', { name: 'Webhooks' }));
  // Signing out lives in the menu on a phone (once).
  await expect(page.getByRole('button', { name: 'Sign out' }).filter({ visible: true })).toHaveCount(1);
  await expectWithinWidth(page, nav.getByRole('button', { name: 'Sign out' }));
  await shot(page, 'phone-menu');
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toBeHidden();
  await expect(nav.getByRole('button', { name: /Inbox/ })).toBeVisible();
  // The campaigns list fits too.
  await nav.getByRole('button', { name: /Inbox/ }).click();
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.locator('.campaign-link').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectWithinWidth(page, page.getByRole('button', { name: 'New campaign' }));
  await shot(page, 'phone-campaigns');
});

test('the inbox shows the list, or the thread with a way back — never both', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('phone');
  await ingest(page, {
    accountId: acc.linkedin,
    conversation: `${r}-a`,
    name: `Ada ${r}`,
    text: 'Can we talk next week?',
    direction: 'inbound',
  });
  await page.goto('/inbox');
  await page.getByLabel('Search conversations').fill(r);
  await expect(rowNames(page)).toHaveText([`Ada ${r}`]);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'phone-inbox-list');
  await rowNames(page).first().click();
  await expect(page.getByText('Can we talk next week?').last()).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'phone-inbox-thread');
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
});

test('inspiration: the form and the saved posts in one column, nothing off screen', async ({ page }) => {
  await signIn(page, '/inspiration');
  await expect(page.getByRole('heading', { name: 'Save an inspiration' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectWithinWidth(page, page.getByLabel('Post text (required)'));
  const save = page.getByRole('button', { name: /^Save/ }).last();
  await expectWithinWidth(page, save);
  await shot(page, 'phone-inspiration');
});

test('webhooks: endpoints and the add form fit the width', async ({ page }) => {
  await signIn(page, '/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectWithinWidth(page, page.getByRole('button', { name: 'Create endpoint' }));
  await shot(page, 'phone-webhooks');
});

test('the editor opens read-only with a note, and still shows the graph, its problems and the launch review', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Phone'));
  await openEditor(page, campaign.campaignId);
  await expect(page.getByRole('status').filter({ hasText: 'Editing needs a larger screen' })).toBeVisible();
  await expect(canvasNode(page, 'connection_request')).toBeInViewport();
  await expect(page.getByRole('complementary', { name: 'Steps' })).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'phone-editor');
  // A step's settings open as a sheet, read-only.
  await canvasNode(page, 'connection_request').click();
  const form = page.getByRole('region', { name: 'Connection request' });
  await expect(form.getByLabel(/Wait for acceptance/)).toBeDisabled();
  await expectWithinWidth(page, form);
  await shot(page, 'phone-editor-step');
  // The sheet never hides the tapped step: the canvas moves it clear, above the sheet.
  const sheet = (await form.boundingBox())!;
  const tappedBottom = async () => {
    const tapped = (await canvasNode(page, 'connection_request').boundingBox())!;
    return tapped.y + tapped.height;
  };
  await expect.poll(tappedBottom, { message: 'the tapped step is above the sheet' }).toBeLessThanOrEqual(sheet.y);
  await expect(canvasNode(page, 'connection_request')).toBeInViewport();
  await page.keyboard.press('Escape');
  // Problems and the review are reachable.
  const problems = page.getByRole('button', { name: /Show problems/ });
  await problems.scrollIntoViewIfNeeded();
  await problems.click();
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
  const review = page.getByRole('button', { name: /Review & launch/ });
  await review.scrollIntoViewIfNeeded();
  await review.click();
  const dialog = page.getByRole('dialog', { name: /Review/ });
  await expect(dialog).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'phone-review');
});

for (const theme of ['light', 'dark'] as const) {
  test(`phone views have no serious or critical axe violations (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    const campaign = await createCampaign(page, uniqueName(`Phone axe ${theme}`));
    await openEditor(page, campaign.campaignId);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Campaigns/ })
      .click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `phone-axe-${theme}`);
  });
}

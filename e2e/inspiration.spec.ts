import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

const saved = async (page: Page, search: string) =>
  (await apiRequest(page, 'GET', `/api/v1/content/inspiration?search=${encodeURIComponent(search)}`)).body.items as Record<
    string,
    unknown
  >[];

test('an inspiration with media saves, appears in the list, and stores every field as typed', async ({ page }) => {
  await signIn(page, '/inspiration');
  const r = uniqueToken('insp');
  await page.getByLabel('Post text (required)').fill(`Three lessons from ${r}`);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Reactions').fill('42');
  await page.getByLabel('Comments').fill('0');
  await page.getByLabel('Published at').fill('2026-03-04T09:30:00Z');
  await page.getByRole('button', { name: '+ Add media' }).click();
  const picture = `${new URL(page.url()).origin}/favicon.svg`; // served by the app itself: the preview can load
  await page.getByLabel('URL', { exact: true }).fill(picture);
  await page.getByLabel('Width (px)').fill('1200');
  await page.getByLabel('Height (px)').fill('627');
  await expect(page.getByRole('img', { name: 'Preview of media 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save inspiration' }).click();

  await expect(page.getByText('Inspiration saved.')).toBeVisible();
  await expect(page.getByLabel('Post text (required)')).toHaveValue('');
  await page.getByLabel('Search inspirations').fill(r);
  const card = page.getByRole('listitem').filter({ hasText: `Three lessons from ${r}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('42 reactions');
  await expect(card).toContainText('1 media');

  const [item] = await saved(page, r);
  expect(item).toMatchObject({
    text: `Three lessons from ${r}`,
    author: 'Grace Hopper',
    reactions: 42,
    comments: 0,
    reposts: null,
    notes: null,
    url: null,
    publishedAt: '2026-03-04T09:30:00Z',
    media: [{ type: 'image', url: picture, thumbnailUrl: null, width: 1200, height: 627 }],
  });
  // "Use in message" needs a selected message node: off here, with the reason given.
  await expect(card.getByRole('button', { name: 'Use in message' })).toBeDisabled();
  await expect(page.getByText('select a message step')).toBeVisible();
});

test('a bad media URL shows an inline error, keeps the form, and saves nothing', async ({ page }) => {
  await signIn(page, '/inspiration');
  const r = uniqueToken('bad');
  await page.getByLabel('Post text (required)').fill(`Broken media ${r}`);
  await page.getByRole('button', { name: '+ Add media' }).click();
  const mediaUrl = page.getByLabel('URL', { exact: true });
  await mediaUrl.fill('not a url');
  await page.getByLabel('Reposts').fill('1.5');
  await page.getByRole('button', { name: 'Save inspiration' }).click();

  await expect(mediaUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a full web address')).toBeVisible();
  await expect(page.getByLabel('Reposts')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Post text (required)')).toHaveValue(`Broken media ${r}`);
  await expect(page.getByLabel('Reposts')).toBeFocused(); // the first invalid field in the form
  expect(await saved(page, r)).toEqual([]);
});

test('server field errors land on the same fields, and the form keeps its content', async ({ page }) => {
  await signIn(page, '/inspiration');
  await page.route('**/api/v1/content/inspiration', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            status: 400,
            code: 'invalid_request',
            detail: 'Invalid.',
            errors: [{ path: 'media.0.url', message: 'This host is not allowed.' }],
          }),
        })
      : route.fallback(),
  );
  await page.getByLabel('Post text (required)').fill('Server says no');
  await page.getByRole('button', { name: '+ Add media' }).click();
  await page.getByLabel('URL', { exact: true }).fill('https://blocked.example/picture.jpg');
  await page.getByRole('button', { name: 'Save inspiration' }).click();
  await expect(page.getByText('This host is not allowed.')).toBeVisible();
  await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('URL', { exact: true })).toHaveValue('https://blocked.example/picture.jpg');
  await expect(page.getByLabel('Post text (required)')).toHaveValue('Server says no');
});

test('inspiration pane has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, '/inspiration');
  await page.getByRole('button', { name: '+ Add media' }).click();
  await page.getByRole('button', { name: 'Save inspiration' }).click(); // show inline errors too
  await expect(page.getByText('Paste the post’s text.')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

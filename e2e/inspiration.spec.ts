import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

const saved = async (page: Page, search: string) =>
  (await apiRequest(page, 'GET', `/api/v1/content/inspiration?search=${encodeURIComponent(search)}`)).body.items as Record<
    string,
    unknown
  >[];

test('an inspiration with media saves, appears in the list, and stores every field as typed @smoke', async ({ page }) => {
  await signIn(page, '/inspiration');
  const r = uniqueToken('insp');
  await page.getByLabel('Post text (required)').fill(`Three lessons from ${r}`);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Reactions').fill('42');
  await page.getByLabel('Comments').fill('0');
  await page.getByText('More details').click();
  await page.getByLabel('Published at').fill('2026-03-04T09:30');
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
    publishedAt: await page.evaluate(() => new Date('2026-03-04T09:30').toISOString()), // picked in the browser's time zone
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

test('paste a URL and text; ids and dates wait behind "More details"; clear messages for bad values', async ({ page }) => {
  await signIn(page, '/inspiration');
  const form = page.getByRole('form', { name: 'Save an inspiration' });
  // The first fields are the post's URL and text; ids and dates are folded away.
  await expect(form.getByRole('textbox').first()).toHaveAccessibleName('Post URL');
  for (const label of ['Author ID', 'Provider ID', 'Observed at', 'Published at']) await expect(form.getByLabel(label)).toBeHidden();
  await form.getByText('More details').click();
  await expect(form.getByLabel('Published at')).toHaveAttribute('type', 'datetime-local');
  await expect(form.getByLabel('Observed at')).toHaveAttribute('type', 'datetime-local');
  await form.getByText('More details').click();

  const r = uniqueToken('msg');
  await form.getByLabel('Post URL').fill('linkedin post');
  await form.getByLabel('Post text (required)').fill(`Clear messages ${r}`);
  await form.getByLabel('Reactions').fill('12345678901234');
  await form.getByRole('button', { name: '+ Add media' }).click();
  await form.getByLabel('URL', { exact: true }).fill('https://example.com/picture.jpg');
  await form.getByLabel('Width (px)').fill('0');
  await form.getByLabel('Height (px)').fill('100000');
  // "Yesterday" cannot be typed into a date input: what is typed is only part of a date.
  await form.getByText('More details').click();
  await form.getByLabel('Published at').click();
  await page.keyboard.type('03');
  await form.getByText('More details').click(); // folded again: a date to fix opens it
  await form.getByRole('button', { name: 'Save inspiration' }).click();

  await expect(form.getByText('Enter a full web address, like https://www.linkedin.com/posts/…')).toBeVisible();
  await expect(form.getByText('Too large: at most 2,147,483,647.')).toBeVisible();
  await expect(form.getByText('Must be at least 1 pixel, or leave it empty.')).toBeVisible();
  await expect(form.getByLabel('Published at')).toBeVisible();
  await expect(form.getByText('Must be a date: fill in the day, month, year and time, or clear it.')).toBeVisible();
  await expect(form.getByText('Enter a whole number')).toHaveCount(0);
  await expect(form.getByLabel('Post URL')).toBeFocused();
  expect(await saved(page, r)).toEqual([]);

  // Fixed, it saves; "Now" fills the observed time with a date, sent as ISO 8601.
  await form.getByLabel('Post URL').fill('https://www.linkedin.com/posts/grace-hopper-42');
  await form.getByLabel('Reactions').fill('1200');
  await form.getByLabel('Width (px)').fill('1200');
  await form.getByLabel('Published at').fill('2026-03-04T09:30');
  await form.getByRole('button', { name: 'Now' }).click();
  await form.getByRole('button', { name: 'Save inspiration' }).click();
  await expect(page.getByText('Inspiration saved.')).toBeVisible();
  const [item] = await saved(page, r);
  expect(item).toMatchObject({ url: 'https://www.linkedin.com/posts/grace-hopper-42', reactions: 1200 });
  expect(item.observedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
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

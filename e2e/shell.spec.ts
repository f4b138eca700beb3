import { expect, test } from './support/test';
import { demoApiKey, signIn } from './support/session';

test('the sign-in URL stores the key and removes it from the address bar', async ({ page }) => {
  await signIn(page);
  expect(page.url()).not.toContain(demoApiKey());
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a pasted key signs in; a wrong key is sent back to sign-in @smoke', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('API key').fill('not-a-real-key-0000000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Campaign Studio' })).toBeVisible();
  await page.getByLabel('API key').fill(demoApiKey());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('API key')).toBeVisible();
});

test('the sign-in page says how to get back in after a restart, in plain words', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Sign in to Campaign Studio' })).toBeVisible();
  await expect(main).toContainText('prints a sign-in link each time it starts');
  await expect(main).not.toContainText('`');
  await expect(main).not.toContainText(/only on the first start|npm start prints/);
});

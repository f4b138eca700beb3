import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

interface Delivery {
  deliveryId: string;
  status: string;
  redeliveryOf: string | null;
}

const deliveries = async (page: Page, endpointId: string): Promise<Delivery[]> =>
  (await apiRequest(page, 'GET', `/api/v1/webhook-endpoints/${endpointId}/deliveries?limit=250`)).body.items;

/** An endpoint of this test (only inspiration.saved) with one delivered delivery. */
async function endpointWithDelivery(page: Page) {
  const r = uniqueToken('wh');
  const url = `${new URL(page.url()).origin}/webhook-sink?t=${r}`;
  const created = await apiRequest(page, 'POST', '/api/v1/webhook-endpoints', { url, eventTypes: ['inspiration.saved'] });
  expect(created.status).toBe(201);
  const endpointId = created.body.endpointId as string;
  await apiRequest(page, 'POST', '/api/v1/content/inspiration', { text: `event for ${r}` });
  await expect.poll(async () => (await deliveries(page, endpointId)).some((d) => d.status === 'delivered'), { timeout: 20_000 }).toBe(true);
  const original = (await deliveries(page, endpointId)).find((d) => d.status === 'delivered')!;
  return { endpointId, url, original };
}

const redeliveriesOf = async (page: Page, endpointId: string, deliveryId: string) =>
  (await deliveries(page, endpointId)).filter((d) => d.redeliveryOf === deliveryId);
const rowOf = (page: Page, deliveryId: string) => page.locator(`tr[data-delivery-row="${deliveryId}"]`);

test('create an endpoint: the secret is shown once with a copy button; delete asks first @smoke', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, '/webhooks');
  const url = `https://example.com/hooks/${uniqueToken()}`;
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByRole('checkbox', { name: 'Campaign launched' }).check();
  await page.getByRole('button', { name: 'Create endpoint' }).click();
  const secret = page.getByLabel('Signing secret', { exact: true });
  await expect(secret).toHaveText(/^whsec_/);
  await page.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.textContent());
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);

  const row = page.getByRole('listitem').filter({ hasText: url });
  await expect(row).toContainText('Campaign launched');
  // The new endpoint is selected: its deliveries open beside the list.
  await expect(row.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]endpoint=/);
  await row.getByRole('button', { name: `Delete endpoint ${url}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete endpoint ${url}` }).click();
  await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(row).toHaveCount(0);
});

test('redeliver shows the new delivery; a double-click sends once', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId, url, original } = await endpointWithDelivery(page);
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  await expect(page.getByRole('heading', { name: /Deliveries/ })).toContainText(url);

  await rowOf(page, original.deliveryId)
    .getByRole('button', { name: /^Redeliver/ })
    .dblclick();
  await expect(page.getByText('Redelivery queued.')).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: original.deliveryId.slice(0, 8) })).toHaveCount(1);
  await page.waitForTimeout(1000); // any second send would have landed by now
  const made = await redeliveriesOf(page, endpointId, original.deliveryId);
  expect(made).toHaveLength(1);
  // The new one is polled until the dispatcher delivers it.
  await expect(rowOf(page, made[0].deliveryId).getByText('delivered')).toBeVisible({ timeout: 20_000 });
});

test('a redeliver lost on the network is retried with the same idempotency key and sends once', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId, original } = await endpointWithDelivery(page);
  const keys: string[] = [];
  let first = true;
  await page.route('**/redeliver', async (route) => {
    keys.push(JSON.parse(route.request().postData() ?? '{}').idempotencyKey);
    if (!first) return route.fallback();
    first = false;
    await route.fetch(); // the server does the work…
    await route.abort('connectionreset'); // …but the answer never arrives
  });
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  await rowOf(page, original.deliveryId)
    .getByRole('button', { name: /^Redeliver/ })
    .click();
  await expect(page.getByText(/Redelivery queued|Already redelivered/)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await redeliveriesOf(page, endpointId, original.deliveryId)).toHaveLength(1);

  // A new click is a new redelivery with a new key.
  await rowOf(page, original.deliveryId)
    .getByRole('button', { name: /^Redeliver/ })
    .click();
  await expect.poll(async () => (await redeliveriesOf(page, endpointId, original.deliveryId)).length).toBe(2);
  expect(keys[2]).not.toBe(keys[0]);
});

test('webhooks pane has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId } = await endpointWithDelivery(page);
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

import { expect, test, type Page } from './support/test';
import { uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

/** Contract 8.3 in the app: on/off with held deliveries, rotate secret, test event, recover with a dry-run count. */

interface Delivery {
  deliveryId: string;
  status: string;
  eventType: string;
  redeliveryOf: string | null;
}
const deliveries = async (page: Page, endpointId: string): Promise<Delivery[]> =>
  (await apiRequest(page, 'GET', `/api/v1/webhook-endpoints/${endpointId}/deliveries?limit=250`)).body.items;

async function endpointAt(page: Page, path: '/webhook-sink' | '/webhook-sink/fail') {
  const url = `${new URL(page.url()).origin}${path}?t=${uniqueToken('ops')}`;
  const created = await apiRequest(page, 'POST', '/api/v1/webhook-endpoints', { url, eventTypes: ['inspiration.saved'] });
  expect(created.status).toBe(201);
  return { endpointId: created.body.endpointId as string, url };
}
const saveInspiration = (page: Page, text: string) => apiRequest(page, 'POST', '/api/v1/content/inspiration', { text });

/** Opens "Recover failed since…" and runs its dry-run count: how many failed deliveries would be sent again. */
async function countFailedToRecover(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Recover failed since…' }).click();
  await page.getByRole('button', { name: 'Count failed' }).click();
  const counted = page.getByRole('status').filter({ hasText: /failed deliver(y|ies) will be sent again\./ });
  await expect(counted).toBeVisible();
  return Number(/(\d+) failed/.exec((await counted.textContent()) ?? '')?.[1]);
}

test('turning an endpoint off holds its events; turning it on sends them', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId, url } = await endpointAt(page, '/webhook-sink');
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  const row = page.getByRole('listitem').filter({ hasText: url });
  await row.getByRole('button', { name: `Turn off endpoint ${url}` }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(row.getByText('turned off by hand')).toBeVisible();

  await saveInspiration(page, 'held while off 1');
  await saveInspiration(page, 'held while off 2');
  await page.getByLabel('Status').selectOption('held');
  // At least these two (tests running beside this one may save inspirations too).
  await expect.poll(() => page.locator('tbody').getByText('Held').count()).toBeGreaterThanOrEqual(2);

  await row.getByRole('button', { name: `Turn on endpoint ${url}` }).click();
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await expect.poll(() => page.locator('tbody').getByText('Delivered').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect
    .poll(async () => (await deliveries(page, endpointId)).every((d) => d.status === 'delivered'), { timeout: 20_000 })
    .toBe(true);
  expect((await deliveries(page, endpointId)).length).toBeGreaterThanOrEqual(2);
});

test('rotate the secret: shown once with the grace explained', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, '/webhooks');
  const { endpointId } = await endpointAt(page, '/webhook-sink');
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate signing secret' });
  await expect(dialog).toContainText('During the grace period the old secret signs too');
  await dialog.getByLabel('Grace period').selectOption('1');
  await dialog.getByRole('button', { name: 'Rotate secret' }).click();
  const shown = page.getByRole('dialog', { name: 'New signing secret' });
  const secret = shown.getByLabel('New signing secret');
  await expect(secret).toHaveText(/^whsec_/);
  await expect(shown).toContainText('signed with both secrets');
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.textContent());
  await shown.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
});

test('send a test event and read its attempts and body in the drawer', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId } = await endpointAt(page, '/webhook-sink');
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event sent.')).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: 'Test event' });
  await expect(row.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: /^Details of the “Test event” delivery/ }).click();
  const drawer = page.getByRole('dialog', { name: /Delivery/ });
  await expect(drawer.getByRole('cell', { name: '204' })).toBeVisible();
  await expect(drawer.getByLabel('Event body')).toContainText(`"endpointId": "${endpointId}"`);
  await drawer.getByRole('button', { name: 'Close delivery details' }).click();
  await expect(drawer).toHaveCount(0);
});

test('recover failed deliveries: the dry-run count first, then they are sent again once', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId } = await endpointAt(page, '/webhook-sink/fail');
  await saveInspiration(page, 'will fail');
  // Tests running beside this one may save inspirations too: every failure of this endpoint counts.
  const failed = async () => (await deliveries(page, endpointId)).filter((d) => d.status === 'exhausted');
  await expect.poll(async () => (await failed()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const before = await failed();
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  const n = await countFailedToRecover(page);
  expect(n).toBeGreaterThanOrEqual(before.length);
  expect((await deliveries(page, endpointId)).filter((d) => d.redeliveryOf !== null)).toEqual([]); // the count queued nothing
  await page.getByRole('button', { name: `Send ${n} again` }).click();
  await expect(page.getByText(`${n} failed ${n === 1 ? 'delivery is' : 'deliveries are'} being sent again.`)).toBeVisible();
  const original = before[0]!;
  await expect.poll(async () => (await deliveries(page, endpointId)).filter((d) => d.redeliveryOf === original.deliveryId).length).toBe(1);
  const link = page.getByRole('button', { name: `Open the original delivery ${original.deliveryId}` }).first();
  await expect(link).toHaveAttribute('title', original.deliveryId);
  // Sent again once each, not twice.
  const all = await deliveries(page, endpointId);
  for (const d of before) expect(all.filter((r) => r.redeliveryOf === d.deliveryId).length).toBeLessThanOrEqual(1);
});

test('failed attempts say why in words, in the list and the drawer; Redeliver stays in reach at 1024×768', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, '/webhooks');
  const testDelivery = async (endpointId: string) => {
    expect((await apiRequest(page, 'POST', `/api/v1/webhook-endpoints/${endpointId}/test`)).status).toBe(202);
    // Wait until every attempt is made (WEBHOOK_RETRY_DELAYS_MS is short here): the delivery is exhausted.
    await expect
      .poll(async () => (await deliveries(page, endpointId)).find((d) => d.eventType === 'webhook.test')?.status, { timeout: 20_000 })
      .toBe('exhausted');
  };

  // Nothing listens on port 1 of this machine: the connection is refused, no answer comes.
  const refusedUrl = `http://127.0.0.1:1/hook?t=${uniqueToken('refused')}`;
  const refused = await apiRequest(page, 'POST', '/api/v1/webhook-endpoints', { url: refusedUrl, eventTypes: ['campaign.launched'] });
  expect(refused.status).toBe(201);
  await testDelivery(refused.body.endpointId);
  await page.goto(`/webhooks?endpoint=${refused.body.endpointId}`);
  const refusedRow = page.locator('tbody tr').filter({ hasText: 'Test event' });
  await refusedRow.getByRole('button', { name: 'No answer: open the delivery to see why' }).click();
  const drawer = page.getByRole('dialog', { name: /Delivery/ });
  await expect(drawer.getByRole('cell', { name: 'The connection was refused' }).first()).toBeVisible();
  await expect(drawer).not.toContainText('ECONNREFUSED');
  await drawer.getByRole('button', { name: 'Close delivery details' }).click();

  const { endpointId } = await endpointAt(page, '/webhook-sink/fail');
  await testDelivery(endpointId);
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  const row = page.locator('tbody tr').filter({ hasText: 'Test event' });
  await expect(row.getByText('The receiver answered 500')).toBeVisible();
  const redeliver = row.getByRole('button', { name: /^Redeliver/ });
  await expect(redeliver).toBeInViewport();
  // No horizontal scroll, neither of the page nor of the deliveries table.
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('.table-scroll')!;
    return [document.documentElement.scrollWidth - window.innerWidth, table.scrollWidth - table.clientWidth];
  });
  expect(overflow.map((px) => Math.max(0, px))).toEqual([0, 0]);
  await row.getByRole('button', { name: /^Details of the “Test event” delivery/ }).click();
  await expect(drawer.getByRole('cell', { name: 'The receiver answered 500' }).first()).toBeVisible();
});

test('recover skips a failed delivery whose redelivery is still waiting: a second recovery finds nothing to send', async ({ page }) => {
  await signIn(page, '/webhooks');
  const { endpointId } = await endpointAt(page, '/webhook-sink/fail');
  await saveInspiration(page, 'fails, then held');
  await expect.poll(async () => (await deliveries(page, endpointId)).some((d) => d.status === 'exhausted'), { timeout: 20_000 }).toBe(true);
  // Turned off, the recovery's redeliveries stay held (waiting): not failed, not yet sent.
  expect((await apiRequest(page, 'PATCH', `/api/v1/webhook-endpoints/${endpointId}`, { status: 'disabled' })).status).toBe(200);
  await page.goto(`/webhooks?endpoint=${endpointId}`);
  const n = await countFailedToRecover(page);
  await page.getByRole('button', { name: `Send ${n} again` }).click();
  await expect(page.getByText(`${n} failed ${n === 1 ? 'delivery is' : 'deliveries are'} being sent again.`)).toBeVisible();
  await expect.poll(async () => (await deliveries(page, endpointId)).filter((d) => d.redeliveryOf !== null).length).toBe(n);

  await page.getByRole('button', { name: 'Recover failed since…' }).click();
  await page.getByRole('button', { name: 'Count failed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No failed deliveries since then.' })).toBeVisible();
});

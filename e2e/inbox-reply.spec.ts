import { expect, test } from './support/test';
import { demoAccounts, ingest, rowNames, uniqueToken } from './inbox-data';
import { apiRequest, signIn } from './support/session';

/** Contract 9.4 in the app: a reply written in the open thread goes to the sender's queue and shows there. */

test('reply from the inbox: the reply is queued for the sender, shown in the thread, and the box empties @smoke', async ({ page }) => {
  await signIn(page);
  const acc = await demoAccounts(page);
  const r = uniqueToken('reply');
  const id = await ingest(page, { accountId: acc.whatsapp, conversation: r, name: `Rae ${r}`, text: 'Could we talk on Tuesday?' });

  await page.goto(`/inbox?search=${r}`);
  await rowNames(page)
    .filter({ hasText: `Rae ${r}` })
    .click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Could we talk on Tuesday?');
  const reply = page.getByRole('form', { name: 'Reply' });
  await reply.getByLabel('Your reply').fill('Tuesday works, 10:00?');
  await reply.getByRole('button', { name: 'Send' }).click();

  await expect(reply.getByLabel('Your reply')).toHaveValue('');
  // Sending (under the reply box), or already sent by the sandbox sender (in the messages): either way the
  // thread shows it — the list's preview of the conversation may show it too.
  const thread = page.getByRole('region', { name: `Rae ${r}` });
  await expect(thread.getByText('Tuesday works, 10:00?', { exact: true }).first()).toBeVisible();
  const replies = await apiRequest(page, 'GET', `/api/messaging/conversations/${id}/replies`);
  const messages = await apiRequest(page, 'GET', `/api/messaging/conversations/${id}/messages`);
  const texts = [...replies.body.items, ...(messages.body.items ?? [])].map((m: { text: string }) => m.text);
  expect(texts).toContain('Tuesday works, 10:00?');
});

import { expect, test } from './support/test';
import { signIn } from './support/session';
import {
  canvasNode,
  createCampaign,
  dragHandle,
  fitView,
  getCampaign,
  openEditor,
  save,
  saveButton,
  selectEdge,
  sourceHandle,
  targetHandle,
  uniqueName,
  openStepList,
} from './support/editor';

test('create a campaign from the list and open it in the editor @smoke', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  const name = uniqueName('Founders outreach');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(canvasNode(page, 'start')).toBeVisible();
  await expect(canvasNode(page, 'connection_request')).toContainText('Connection request');
  await expect(canvasNode(page, 'connection_request')).toContainText('Accepted');
  // No sender was picked: the one warning is that nothing can be sent yet (contract 9.4 no_sender).
  await expect(page.getByRole('button', { name: /^0 errors, 1 warning/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-new-campaign.png') });
  const id = page.url().split('/').pop()!;
  const saved = await getCampaign(page, id);
  expect(saved.workflow_definition.nodes).toHaveLength(3);
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('add, connect and delete steps; a rule break shows on the canvas and blocks saving until fixed; reload shows the saved graph @smoke', async ({
  page,
}) => {
  const campaign = await createCampaign(page, uniqueName('Build'));
  await openEditor(page, campaign.campaignId);

  // Delete the accepted connection: the missing output is marked on the node and its handle.
  await selectEdge(page, 'e_connection_request_accepted');
  await page.keyboard.press('Delete');
  await expect(page.locator('.react-flow__edge[data-id="e_connection_request_accepted"]')).toHaveCount(0);
  const invite = canvasNode(page, 'connection_request');
  await expect(invite.locator('.node-badge-error')).toBeVisible();
  await expect(invite.locator('.wf-output-error')).toContainText('Accepted');
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: /^1 error/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-rule-break.png') });

  // Ctrl+S refuses too, and says why.
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Fix 1 error before saving/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Problems' })).toBeVisible();

  // Click in the palette with the invitation selected: a Message goes below it, on its free output.
  await invite.click();
  await (await openStepList(page)).getByRole('button', { name: /^Message Sends a direct message/ }).click();
  const message = canvasNode(page, 'message_1');
  await expect(message).toBeVisible();
  await expect(page.locator('.react-flow__edge[data-id="e_connection_request_accepted_message_1"]')).toHaveCount(1);
  // A reply ends the run: its Replied output comes wired to a new End; No reply is left to the user.
  await expect(message.locator('.wf-output-error')).toHaveCount(1);

  // Problems panel: errors grouped by step; clicking one selects the step.
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByRole('heading', { name: 'Message', exact: true })).toBeVisible();
  await problems
    .getByRole('button', { name: /No reply/ })
    .first()
    .click();
  await expect(message).toHaveClass(/selected/);

  // Connect the other output to End by dragging.
  await problems.getByRole('button', { name: 'Close problems' }).click();
  await fitView(page);
  await dragHandle(page, sourceHandle('message_1', 'no_reply'), targetHandle('end'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(5);
  await expect(page.getByRole('button', { name: /^No problems/ })).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();

  // A refused connection says why.
  await fitView(page);
  await dragHandle(page, sourceHandle('message_1', 'replied'), targetHandle('connection_request'));
  await expect(page.getByText(/is already connected: drag the end of its connection/).first()).toBeVisible();

  await save(page);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('editor-saved.png') });

  await page.reload();
  await expect(canvasNode(page, 'message_1')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(5);
  const stored = await getCampaign(page, campaign.campaignId);
  expect(stored.editingMode).toBe('advanced');
  expect(stored.workflow_definition.nodes.map((n: { id: string }) => n.id)).toContain('message_1');

  // Delete a step with the keyboard: its connections go too.
  await canvasNode(page, 'message_1').click();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'message_1')).toHaveCount(0);
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});

test('a form edit shows in the step summary; an out-of-range value is pinned on the field and blocks saving', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Forms'));
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'connection_request').click();
  const form = page.getByRole('region', { name: 'Connection request' });
  await expect(form).toBeVisible();
  const wait = form.getByLabel(/Wait for acceptance/);
  await wait.fill('7');
  await expect(canvasNode(page, 'connection_request')).toContainText('wait 7 days');

  await wait.fill('0');
  await expect(form.getByText(/wait_for_response_days|greater than 0|more than 0/i).first()).toBeVisible();
  await expect(canvasNode(page, 'connection_request').locator('.node-badge-error')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await wait.fill('5');
  await expect(saveButton(page)).toBeEnabled();

  // Template: chip inserts at the cursor, preview renders the sample prospect, counter warns over the limit.
  const note = form.getByLabel('Message', { exact: true });
  await note.fill('Hello ');
  await form.getByRole('button', { name: '{{company}}' }).click();
  await expect(note).toHaveValue('Hello {{company}}');
  await expect(form.locator('.insp-preview')).toContainText('Hello Analytical Engines Ltd');
  await note.fill('Hi {{nickname}}');
  await expect(form.getByText(/sample prospect has no \{\{nickname\}\}/)).toBeVisible();
  await note.fill('Hi {{ firstName }}');
  await expect(form.getByText(/Remove the spaces/).first()).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await note.fill('x'.repeat(320));
  await expect(form.getByText(/accepts at most 300/)).toBeVisible();
  await note.fill('Hi {{firstName}}, glad to connect.');
  await page.screenshot({ path: test.info().outputPath('editor-form.png') });
  await save(page);
  const stored = await getCampaign(page, campaign.campaignId);
  const node = stored.workflow_definition.nodes.find((n: { id: string }) => n.id === 'connection_request');
  expect(node.data).toMatchObject({ wait_for_response_days: 5, message_template: 'Hi {{firstName}}, glad to connect.' });
});

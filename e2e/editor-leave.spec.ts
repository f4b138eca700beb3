import { expect, test, type Page } from './support/test';
import { canvasNode, createCampaign, openEditor, selectEdge, uniqueName } from './support/editor';
import { signIn } from './support/session';

/** Leaving a dirty editor inside the app asks in the app's own dialog; only tab close/reload uses the browser's. */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** Any native dialog (confirm/alert/beforeunload) fails the test: inside the app, the app asks. */
function failOnNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

async function makeDirty(page: Page) {
  await selectEdge(page, 'e_connection_request_no_response');
  await page.keyboard.press('Delete');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
}

const leaveDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the top navigation and the back link ask in the app’s dialog; Cancel stays, Leave goes', async ({ page }) => {
      const native = failOnNativeDialogs(page);
      const campaign = await createCampaign(page, uniqueName('Leave'));
      await openEditor(page, campaign.campaignId);
      await makeDirty(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
      const dialog = leaveDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('You have unsaved changes in this campaign');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`leave-dialog-${size.width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.campaignId}$`));
      await expect(canvasNode(page, 'connection_request')).toBeVisible();
      await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
      // Escape is a Cancel too.
      await page.getByRole('link', { name: 'Back to campaigns' }).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.campaignId}$`));
      // Leave: the campaigns list, and the unsaved work is not offered back.
      await page.getByRole('link', { name: 'Back to campaigns' }).click();
      await dialog.getByRole('button', { name: 'Leave without saving' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
      expect(native).toEqual([]);
    });

    test('browser Back inside the app asks in the app’s dialog and stays on Cancel', async ({ page }) => {
      const native = failOnNativeDialogs(page);
      const campaign = await createCampaign(page, uniqueName('Back'));
      await signIn(page);
      await page.getByRole('link', { name: campaign.name }).click();
      await expect(canvasNode(page, 'start')).toBeVisible();
      await makeDirty(page);
      await page.goBack();
      const dialog = leaveDialog(page);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.campaignId}$`));
      await expect(canvasNode(page, 'start')).toBeVisible();
      await page.goBack();
      await dialog.getByRole('button', { name: 'Leave without saving' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: campaign.name })).toBeVisible();
      expect(native).toEqual([]);
    });
  });
}

test('a clean editor leaves without a question; a reload of a dirty one is the browser’s to ask', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Clean'));
  await openEditor(page, campaign.campaignId);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await page.goBack();
  await expect(canvasNode(page, 'start')).toBeVisible();
  await makeDirty(page);
  const native: string[] = [];
  page.on('dialog', (d) => {
    native.push(d.type());
    void d.accept();
  });
  await page.reload();
  await expect(canvasNode(page, 'start')).toBeVisible();
  expect(native).toEqual(['beforeunload']);
  await expect(leaveDialog(page)).toHaveCount(0);
});

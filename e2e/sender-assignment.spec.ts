import { findTemplate } from '../src/domain/paths';
import { createCampaign, getCampaign, uniqueName } from './support/editor';
import { signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/** Contract 10.2 sender assignment, chosen in the campaign settings dialog, at four sizes. */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

for (const viewport of VIEWPORTS) {
  test(`a draft's new prospects get the sender named in a field, set in its settings, at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = uniqueName('Assign');
    const campaign = await createCampaign(page, name, findTemplate('connection-only')!.build());
    await signIn(page, '/');
    await row(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await row(page, name).getByRole('button', { name: 'Rename…' }).click();
    const settings = page.getByRole('dialog', { name: 'Campaign settings' });
    await settings.getByLabel('Each new prospect gets').selectOption({ label: 'The sender named in a prospect field' });
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('alert')).toHaveText('Name the prospect field that holds the sender’s name.');
    await settings.getByLabel('Prospect field with the sender’s name').fill('owner');
    await page.screenshot({ path: test.info().outputPath(`assignment-${viewport.width}.png`) });
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings).toBeHidden();
    expect(await getCampaign(page, campaign.campaignId)).toMatchObject({ senderAssignment: 'by_field', senderField: 'owner' });
  });
}

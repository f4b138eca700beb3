import { findTemplate } from '../src/domain/paths';
import { createCampaign, openEditor } from './support/editor';
import { expect, test, type Page } from './support/test';

/**
 * The editor's toolbar at every screen size: a long campaign name stays readable at 1024 px (it is
 * never cut to a few letters), and on a phone the toolbar never scrolls sideways. Screenshots go to
 * /tmp/m3shots to be looked at.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const NAME = 'Founders in Berlin — warm follow-up';

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Campaign editor' });

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the campaign name reads in full and nothing scrolls sideways', async ({ page }) => {
      const campaign = await createCampaign(page, `${NAME} ${size}`, findTemplate('scored-follow-up')!.build());
      await openEditor(page, campaign.campaignId);
      const name = toolbar(page).getByRole('heading', { level: 1 });
      await expect(name).toBeVisible();
      const shown = await name.locator('button').evaluate((el) => ({
        width: el.clientWidth,
        needed: el.scrollWidth,
        cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      }));
      // At 1024 px and on a phone the name reads in full (its own row, two lines on a phone); wider, it keeps room to be read.
      if (viewport.width <= 1024) expect(shown.cut, 'the campaign name is cut').toBe(false);
      else expect(shown.width, 'the campaign name keeps room to be read').toBeGreaterThanOrEqual(Math.min(shown.needed, 240));
      const sideways = await toolbar(page).evaluate((bar) =>
        [bar, ...bar.querySelectorAll('*')].some(
          (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
        ),
      );
      expect(sideways, 'a part of the toolbar scrolls sideways').toBe(false);
      const bar = (await toolbar(page).boundingBox())!;
      for (const button of await toolbar(page).getByRole('button').all()) {
        if (!(await button.isVisible())) continue;
        const box = (await button.boundingBox())!;
        expect(
          box.x,
          `${(await button.getAttribute('aria-label')) ?? (await button.textContent())} starts on screen`,
        ).toBeGreaterThanOrEqual(bar.x);
        expect(
          box.x + box.width,
          `${(await button.getAttribute('aria-label')) ?? (await button.textContent())} ends on screen`,
        ).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      }
      // Nothing to save yet: the Save button says so.
      if (viewport.width > 700) await expect(toolbar(page).getByRole('button', { name: 'Save', exact: true })).toHaveText('Saved ✓');
      await page.screenshot({ path: `/tmp/m3shots/toolbar-${size}.png` });
    });
  });
}

import { signIn } from './support/session';
import { expect, test } from './support/test';

/** The inbox's filters at every screen size: no select is narrower than its chosen option (nothing clipped). Screenshots in /tmp/m3shots. */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} the inbox filters read in full`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, '/inbox');
    const filters = page.getByRole('search', { name: 'Filter conversations' });
    await expect(filters.getByLabel('Reply state')).toBeVisible();
    const clipped = await filters.locator('select').evaluateAll((selects) =>
      selects
        .filter((select) => {
          const natural = select.cloneNode(true) as HTMLSelectElement;
          // Only the chosen option decides the width it needs to be read.
          for (const option of [...natural.options]) if (option.value !== (select as HTMLSelectElement).value) option.remove();
          natural.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
          document.body.append(natural);
          const needed = natural.getBoundingClientRect().width;
          natural.remove();
          return select.getBoundingClientRect().width < needed - 1;
        })
        .map((select) => select.closest('label')?.textContent ?? ''),
    );
    expect(clipped, 'filters narrower than their choices').toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `/tmp/m3shots/inbox-${viewport.width}x${viewport.height}.png` });
  });
}
